package engine

import (
	"fmt"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/ledger"
)

// loggedHand is a hand read from a referee log: the hand to record (or why not), the replay, and
// the table its seats name, for the replay's payments.
type loggedHand struct {
	recorded
	Log    *referee.Report
	Places ledger.Table
}

// recordLog replays a referee log of the hand played at t, read and replayed as the family's
// referee says (read, deps) (name is how errors call the log; game
// is the ruleset the ledger was started with, as recorded) and reads its outcome into the hand to
// record. A log names the places at the table by their wind when the game began (the first
// player listed sits at E), or with seats: wind by this hand's seat winds (E deals); its dealer:
// and prevailing: must be this hand's. A win from a log with illegal steps is not recorded.
func recordLog(r family.Rules, read referee.ReadOptions, deps referee.Deps, data []byte, name string, t ledger.Table, game string) (loggedHand, error) {
	var out loggedHand
	rs := r.Ruleset()
	lg, err := referee.ReadLogWith(data, read)
	if err != nil {
		return out, family.WithHint(fmt.Errorf("%s: %w", name, err), "")
	}
	if lg.Ruleset != "" && lg.Ruleset != rs.Name && lg.Ruleset != game {
		return out, family.Usagef("%s is a hand under ruleset %s, but the ledger is played under %s", name, lg.Ruleset, rs.Name)
	}
	places := ledger.Table{Players: t.Players, Seats: [4]notation.Seat{notation.SeatEast, notation.SeatSouth, notation.SeatWest, notation.SeatNorth}}
	dealerPlace := notation.Seat(t.Dealer)
	if lg.Seats == referee.SeatsByWind {
		places, dealerPlace = t, notation.SeatEast
	}
	if lg.Seats == referee.SeatsByWind && lg.Prevailing != t.Prevailing {
		return out, family.WithHint(family.Usagef("%s: the log's hand has %s prevailing, but hand %d of the ledger has %s prevailing", name, lg.Prevailing, t.Number, t.Prevailing),
			fmt.Sprintf("write prevailing: %s in the log", t.Prevailing))
	}
	if lg.Dealer != dealerPlace || lg.Prevailing != t.Prevailing {
		parts := make([]string, 4)
		for i, p := range t.Players {
			parts[i] = p + " " + notation.Seat(i).String()
		}
		return out, family.WithHint(family.Usagef("%s: the log's hand is dealt by %s with %s prevailing, but hand %d of the ledger is dealt by %s (place %s) with %s prevailing",
			name, lg.Dealer, lg.Prevailing, t.Number, t.Players[t.Dealer], dealerPlace, t.Prevailing),
			fmt.Sprintf("a log names each place by its wind when the game began (%s); write dealer: %s and prevailing: %s in the log, or seats: wind to name the seats by this hand's winds",
				strings.Join(parts, ", "), dealerPlace, t.Prevailing))
	}
	rep, err := referee.Replay(lg, deps)
	if err != nil {
		return out, impossibleLog(err, name, "")
	}
	out.Log, out.Places = &rep, places
	if rep.Result.Outcome == referee.OutcomeWin && !rep.Legal() {
		var steps []string
		for _, ru := range rep.Illegal() {
			steps = append(steps, ru.String())
		}
		out.Reason = fmt.Sprintf("the log has %s: %s", words.Count(len(steps), "illegal step"), strings.Join(steps, "; "))
		return out, nil
	}
	h, err := ledger.FromReport(&rep.Result, places)
	if err != nil {
		return out, family.WithHint(fmt.Errorf("%s: %w", name, err), "replay it with the referee to see where it stops")
	}
	if rep.Result.Outcome == referee.OutcomeWin && h.Deltas == nil && h.Faan == 0 && !h.Limit {
		return out, family.WithHint(fmt.Errorf("%s: the win was not scored (%s)", name, rep.Result.Reason),
			"lay the winning hand down in the log ('win TILE = HAND') so it can be scored, or record the hand with --winner and --faan")
	}
	out.Hand, out.Tiles, out.OK = h, h.Tiles, true
	return out, nil
}
