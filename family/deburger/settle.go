package deburger

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
)

const fourHands = "give the four hands with --hand SEAT=HAND, or their points with --points E=..,S=..,W=..,N=.."

// settleTakes are the fields a DeBurger settlement takes; settleHints say what to give instead of
// some of the others.
var (
	settleTakes = map[string]bool{"hand": true, "mahjong": true, "points": true, "totals": true, "win": true, "discarder": true}
	settleHints = map[string]string{
		"winner": "name the seat that went Mahjong with --mahjong SEAT",
		"faan":   fourHands,
		"value":  fourHands,
		"seat":   "give each player's hand with --hand SEAT=HAND",
		"drawn":  "the DeBurger sheet scores a hand when someone goes Mahjong",
	}
	// ledgerRefused are the add fields a DeBurger hand does not read: every player scores their
	// own tiles, so a hand is its points (or the four hands), and the Mahjong.
	ledgerRefused = map[string]bool{"faan": true, "limit": true, "responsible": true, "log": true, "value": true,
		"jokerless": true, "misnamed": true, "false-win": true, "last-tile": true,
		"han": true, "fu": true, "yakuman": true, "riichi": true, "tenpai": true, "nagashi": true, "abortive": true}
)

// Takes is the family's takes-table: a settlement takes the four hands (or their points), the seat
// that went Mahjong, how the hand was won and the running totals; a ledger hand its points (or the
// four hands), the Mahjong and how it was won; a score a winner's hand or a non-winner's.
func (r *rules) Takes(use family.Use, field string) (bool, string) {
	switch use {
	case family.UseSettle:
		return settleTakes[field], settleHints[field]
	case family.UseLedger:
		if ledgerRefused[field] {
			return false, `give each player's points: --points "Ann=2700,Ben=1800,Cat=-400,Dan=0" --winner NAME`
		}
	}
	return true, ""
}

// Worth is the hand's points.
func (r *rules) Worth(sc family.Scored) family.Worth {
	res := sc.(*Scored).Result
	return family.Worth{Valid: res.Valid, NotWin: "not a win", Reason: res.Reason, Pay: res.Total, Total: res.Total, Unit: "points",
		Text: fmt.Sprintf("%d points", res.Total), Result: res}
}

// SettleView is a settled DeBurger hand: each player's points and, with the totals before the
// hand, the new running totals and the winner of the game once someone reaches the target.
type SettleView struct {
	Ruleset string `json:"ruleset"`
	Mahjong string `json:"mahjong,omitempty"`
	Win     string `json:"win,omitempty"`
	// Settled is false when the winner's hand is not a win (exit 1); Reason says why.
	Settled bool   `json:"settled"`
	Reason  string `json:"reason,omitempty"`
	// Players are the scored hands, when the hands were given.
	Players []Player `json:"players,omitempty"`
	// Points are each player's points for the hand.
	Points *family.SeatInts `json:"points,omitempty"`
	// Previous and Totals are the running totals before and after the hand (with --totals).
	Previous *family.SeatInts `json:"previous,omitempty"`
	Totals   *family.SeatInts `json:"totals,omitempty"`
	Target   int              `json:"target,omitempty"`
	// Reached are the seats at or over the target, highest first; Winners win the game.
	Reached []notation.Seat `json:"reached,omitempty"`
	Winners []notation.Seat `json:"winners,omitempty"`
	Over    *bool           `json:"over,omitempty"`
	Note    string          `json:"note,omitempty"`
}

// Player is one player's scored hand.
type Player struct {
	Seat    notation.Seat `json:"seat"`
	Hand    string        `json:"hand"`
	Mahjong bool          `json:"mahjong,omitempty"`
	*points.Result
}

// Positive says whether the hand was settled.
func (v *SettleView) Positive() bool { return v.Settled }

// SettleTable scores the four hands (or takes their points) and, with the totals before the hand,
// moves the race to the target on.
func (r *rules) SettleTable(req family.TableRequest) (family.Settlement, error) {
	rs := r.rs
	v := &SettleView{Ruleset: rs.Name}
	mahjong := req.Mahjong
	if mahjong != notation.NoSeat {
		v.Mahjong = mahjong.String()
	}
	var pts [4]int
	if req.Hands != nil {
		if err := (Family{}).CheckWin(req.Win); err != nil {
			return nil, err
		}
		v.Win = req.Win.String()
		hands := *req.Hands
		for i, h := range hands {
			if err := family.RefuseJokers(h, Family{}); err != nil {
				return nil, fmt.Errorf("--hand %s: %w", notation.Seat(i), err)
			}
		}
		res, p, err := points.ScoreTable(hands, mahjong, req.Win, Rules(rs))
		if errors.Is(err, scoring.ErrNotWinning) {
			v.Players = []Player{{Seat: mahjong, Hand: notation.Format(*hands[mahjong]), Mahjong: true, Result: &res[mahjong]}}
			v.Reason = fmt.Sprintf("%s went Mahjong, but the hand is not a win: %s", mahjong, res[mahjong].Reason)
			return v, nil
		}
		if err != nil {
			return nil, err
		}
		for i := range res {
			s := notation.Seat(i)
			h := *hands[i]
			if s != mahjong {
				h.Win = notation.NoTile // a non-winner has no winning tile to mark
			}
			v.Players = append(v.Players, Player{Seat: s, Hand: notation.Format(h), Mahjong: s == mahjong, Result: &res[i]})
		}
		pts = p
	} else {
		pts = *req.Points
	}
	v.Settled = true
	p := family.SeatInts(pts)
	v.Points = &p
	if req.Totals != nil {
		before := *req.Totals
		race := points.NewRace(Rules(rs))
		race.Totals = before
		st, err := race.Add(pts, mahjong)
		if err != nil {
			return nil, err
		}
		prev, after := family.SeatInts(before), family.SeatInts(st.Totals)
		v.Previous, v.Totals, v.Target = &prev, &after, race.Target
		v.Reached, v.Winners, v.Note = st.Reached, st.Winners, st.Note
		v.Over = &st.Over
	}
	return v, nil
}

// Render writes every player's hand, reading and points and, with the totals, where the race to
// the target stands.
func (v *SettleView) Render(w family.Printer) error {
	fmt.Fprintf(w, "ruleset:  %s\n", v.Ruleset)
	if v.Mahjong != "" {
		fmt.Fprintf(w, "mahjong:  %s", v.Mahjong)
		if v.Win != "" {
			fmt.Fprintf(w, ", win %s", v.Win)
		}
		fmt.Fprintln(w)
	}
	if !v.Settled {
		for _, p := range v.Players {
			fmt.Fprintf(w, "hand:     %s %s\n", p.Seat, p.Hand)
		}
		fmt.Fprintf(w, "verdict:  %s\n", v.Reason)
		return nil
	}
	header := []string{"seat"}
	if len(v.Players) > 0 {
		header = append(header, "hand", "reading")
	}
	header = append(header, "points")
	if v.Totals != nil {
		header = append(header, "before", "total")
	}
	var rows [][]string
	for i, s := range notation.Seats {
		name := s.String()
		if s.String() == v.Mahjong {
			name += " (mahjong)"
		}
		row := []string{name}
		if len(v.Players) > 0 {
			p := v.Players[i]
			row = append(row, p.Hand, string(p.Reading))
		}
		row = append(row, points.Signed(v.Points[i]))
		if v.Totals != nil {
			row = append(row, strconv.Itoa(v.Previous[i]), strconv.Itoa(v.Totals[i]))
		}
		rows = append(rows, row)
	}
	if err := w.Table(header, rows); err != nil {
		return err
	}
	if v.Totals == nil {
		return nil
	}
	switch {
	case v.Over != nil && *v.Over:
		verb := "win"
		if len(v.Winners) == 1 {
			verb = "wins"
		}
		fmt.Fprintf(w, "game:     %s %s the game (target %d)", seatsText(v.Winners), verb, v.Target)
	case len(v.Reached) > 0:
		fmt.Fprintf(w, "game:     %s reached %d, but nobody has won yet", seatsText(v.Reached), v.Target)
	default:
		fmt.Fprintf(w, "game:     play on: nobody has reached %d", v.Target)
	}
	if v.Note != "" {
		fmt.Fprintf(w, " (%s)", v.Note)
	}
	_, err := fmt.Fprintln(w)
	return err
}

// seatsText lists seats separated by commas: "S, N".
func seatsText(seats []notation.Seat) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = s.String()
	}
	return strings.Join(parts, ", ")
}
