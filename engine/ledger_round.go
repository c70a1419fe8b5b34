package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// RoundRecorder is a Scorekeeper whose hands are worth han and fu and are settled by the family
// with the table's counters (riichi): the engine reads the hand's result, and the family settles
// it at the ledger's table (roundSettler), honba and riichi sticks included.
type RoundRecorder interface {
	Scorekeeper
	family.RoundSettler
}

// recordRound reads the hand req describes for a RoundRecorder's ledger at table t: an exhaustive
// draw (--drawn with --tenpai, --nagashi), an abortive draw (--abortive ID), or the winners with
// their han and fu (--han, --fu, or --yakuman), how they won, who was responsible, and who put a
// riichi stick down (--riichi) either way. --points gives each player's change instead of the
// settlement.
func recordRound(r family.Rules, req LedgerRequest, t ledger.Table) (recorded, error) {
	var rec recorded
	var err error
	h := &rec.Hand
	if h.Riichi, err = playerList("riichi", req.Riichi, t); err != nil {
		return rec, err
	}
	if len(req.Points) > 0 {
		d, err := playerAmounts("points", req.Points, t)
		if err != nil {
			return rec, err
		}
		h.Deltas = d[:]
	}
	if req.Drawn || req.Abortive != "" {
		flag := "drawn"
		if req.Abortive != "" {
			flag = "abortive"
		}
		for _, name := range req.Given() {
			switch name {
			case "winner", "discarder", "win", "han", "fu", "yakuman", "responsible":
				return rec, family.Fieldf("%s with %s: the hand has no winner", family.Field(name), family.Field(flag))
			}
		}
		if req.Abortive != "" && (req.Tenpai != "" || req.Nagashi != "") {
			return rec, family.Fieldf("%s and %s are for an exhaustive draw (%s), not an abortive one", family.Field("tenpai"), family.Field("nagashi"), family.Field("drawn"))
		}
		h.Drawn, h.Abortive = true, req.Abortive
		if h.Tenpai, err = playerList("tenpai", req.Tenpai, t); err != nil {
			return rec, err
		}
		if h.Nagashi, err = playerList("nagashi", req.Nagashi, t); err != nil {
			return rec, err
		}
		if err := riichiReady(h); err != nil {
			return rec, err
		}
		rec.OK = true
		return rec, nil
	}
	for _, name := range []string{"tenpai", "nagashi"} {
		if (name == "tenpai" && req.Tenpai != "") || (name == "nagashi" && req.Nagashi != "") {
			return rec, family.HintFields(family.Fieldf("%s is for an exhaustive draw", family.Field(name)), family.Textf("add %s, and leave out the winner", family.Field("drawn")))
		}
	}
	if req.Winner == "" {
		return rec, family.HintFields(family.Fieldf("say how the hand ended: %s NAME with %s and %s, %s or %s ID", family.Field("winner"), family.Field("han"), family.Field("fu"), family.Field("drawn"), family.Field("abortive")),
			family.Textf("e.g. %s", family.Either{Line: "--winner " + t.Players[1] + " --han 3 --fu 30 --discarder " + t.Players[2],
				HTTP: `{"winner": "` + t.Players[1] + `", "han": 3, "fu": 30, "discarder": "` + t.Players[2] + `"}`}))
	}
	winners, err := playerList("winner", req.Winner, t)
	if err != nil {
		return rec, err
	}
	han, err := wholeNumbers("han", string(req.Han), len(winners))
	if err != nil {
		return rec, err
	}
	fu, err := wholeNumbers("fu", string(req.Fu), len(winners))
	if err != nil {
		return rec, err
	}
	yakuman, err := wholeNumbers("yakuman", string(req.Yakuman), len(winners))
	if err != nil {
		return rec, err
	}
	for i := range winners {
		if han[i] == 0 && yakuman[i] == 0 && len(req.Points) == 0 {
			return rec, family.HintFields(family.Fieldf("%s's hand needs its worth: %s N with %s N, or %s N", winners[i], family.Field("han"), family.Field("fu"), family.Field("yakuman")),
				family.Textf("e.g. %s", family.Either{Line: "--han 3 --fu 30", HTTP: `"han": 3, "fu": 30`}))
		}
		c := ledger.Claim{Winner: winners[i], Han: han[i], Fu: fu[i], Yakuman: yakuman[i]}
		if i == 0 {
			h.Winner, h.Han, h.Fu, h.Yakuman = c.Winner, c.Han, c.Fu, c.Yakuman
			continue
		}
		h.Also = append(h.Also, c)
	}
	win := req.Win
	switch strings.ToLower(win) {
	case "tsumo":
		win = scoring.SelfDraw.String()
	case "ron":
		win = scoring.Discard.String()
	}
	if req.Discarder != "" {
		if t.Index(req.Discarder) < 0 {
			return rec, unknownPlayer("discarder", req.Discarder, t)
		}
	}
	if h.Win, err = winKind(win, req.Discarder, "NAME"); err != nil {
		return rec, err
	}
	if err := family.CheckWin(r.Family(), h.Win); err != nil {
		return rec, err
	}
	if !h.Win.SelfDrawn() && req.Discarder == "" {
		return rec, family.Fieldf("%s %s needs the player who discarded the tile (or whose kan was robbed): %s NAME", family.Field("win"), h.Win, family.Field("discarder"))
	}
	h.Discarder = req.Discarder
	if req.Responsible != "" {
		if t.Index(req.Responsible) < 0 {
			return rec, unknownPlayer("responsible", req.Responsible, t)
		}
		h.Responsible = req.Responsible
	}
	rec.OK = true
	return rec, nil
}

// riichiReady refuses an exhaustive draw that leaves a riichi player out of the tenpai: a riichi
// hand cannot change its tiles, so it is ready at the draw, and left out it would be charged the
// noten payments (the ledger refuses the same, ledger.Hand.checkNew; this says it with the flags).
func riichiReady(h *ledger.Hand) error {
	if h.Abortive != "" {
		return nil
	}
	var missing []string
	for _, r := range h.Riichi {
		if !slices.Contains(h.Tenpai, r) {
			missing = append(missing, r)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	verb := "was"
	if len(missing) > 1 {
		verb = "were"
	}
	return family.HintFields(
		family.Fieldf("%s declared riichi, so %s ready at the exhaustive draw: name them in %s too", strings.Join(missing, " and "), verb, family.Field("tenpai")),
		family.Textf("a riichi player found not ready at the draw is a chombo: give what each player paid with %s, and leave them out of %s (their stick goes back)", family.Field("points"), family.Field("riichi")))
}

// playerList reads a comma list of the players at t (flag names it), or nil for "".
func playerList(flag, list string, t ledger.Table) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var out []string
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if t.Index(name) < 0 {
			return nil, unknownPlayer(flag, name, t)
		}
		for _, o := range out {
			if o == name {
				return nil, family.Fieldf("%s %s: %s is named twice", family.Field(flag), list, name)
			}
		}
		out = append(out, name)
	}
	return out, nil
}

// wholeNumbers reads a flag's comma list of whole numbers, one for each of n winners; all zero
// when it is not given.
func wholeNumbers(flag, text string, n int) ([]int, error) {
	out := make([]int, n)
	if text == "" {
		return out, nil
	}
	parts := strings.Split(text, ",")
	if len(parts) != n {
		if n == 1 {
			return nil, family.Fieldf("%s %s: one winner, one number", family.Field(flag), text)
		}
		return nil, family.Fieldf("%s %s: give one for each of the %d winners, in the order of %s", family.Field(flag), text, n, family.Field("winner"))
	}
	for i, p := range parts {
		p = strings.TrimSpace(p)
		v, err := strconv.Atoi(p)
		if err != nil || p == "" || p[0] == '+' || v < 0 || v > 200 {
			return nil, family.Fieldf("%s %q: %q is not a whole number from 0 to 200", family.Field(flag), text, p)
		}
		out[i] = v
	}
	return out, nil
}

// roundSettler settles a ledger's hands by a RoundRecorder (ledger.Settler): the players at their
// seats, the table's honba and the riichi sticks on it (those put down in the hand too) taken by
// the winner, and a riichi stick from each player who put one down.
type roundSettler struct {
	rs    family.RoundSettler
	stick settle.Amount
}

// Settle implements ledger.Settler.
func (s roundSettler) Settle(h ledger.Hand, t ledger.Table) ([4]ledger.Amount, error) {
	var out [4]ledger.Amount
	seat := func(name string) notation.Seat {
		if i := t.Index(name); i >= 0 {
			return t.Seats[i]
		}
		return notation.NoSeat
	}
	seats := func(names []string) []notation.Seat {
		var out []notation.Seat
		for _, n := range names {
			out = append(out, seat(n))
		}
		return out
	}
	rr := family.RoundRequest{Discarder: notation.NoSeat, Responsible: notation.NoSeat}
	switch {
	case h.Drawn:
		rr.Drawn, rr.Abortive = h.Abortive == "", h.Abortive
		rr.Tenpai, rr.Nagashi = seats(h.Tenpai), seats(h.Nagashi)
	case h.Winner != "":
		// Each winner's worth: han and fu, or yakuman (the family reads one list or the other).
		claims := h.Claims()
		yakuman := false
		for _, c := range claims {
			rr.Winners = append(rr.Winners, seat(c.Winner))
			yakuman = yakuman || c.Yakuman > 0
		}
		for _, c := range claims {
			if yakuman {
				rr.Yakuman = append(rr.Yakuman, c.Yakuman)
			} else {
				rr.Han, rr.Fu = append(rr.Han, c.Han), append(rr.Fu, c.Fu)
			}
		}
		if h.Discarder != "" {
			rr.Discarder = seat(h.Discarder)
		}
		if h.Responsible != "" {
			rr.Responsible = seat(h.Responsible)
		}
		rr.Situation.Win = h.Win
		if h.Discarder == "" && !h.Win.SelfDrawn() {
			rr.Situation.Win = scoring.SelfDraw
		}
		rr.Situation.Extra = family.Extra{"honba": t.Honba, "sticks": t.Sticks + len(h.Riichi)}
	default:
		return out, errors.New("a riichi hand needs a winner or a draw")
	}
	st, err := s.rs.SettleRound(rr)
	if err != nil {
		return out, err
	}
	sc, ok := st.(family.SeatChanges)
	if !ok {
		return out, fmt.Errorf("the family's settlement gives no seat's change")
	}
	if !st.Positive() {
		return out, fmt.Errorf("not settled: %s", sc.NotSettled())
	}
	d := sc.SeatDeltas()
	for i := range t.Seated() { // three players: the fourth place is empty and changes by nothing
		out[i] = settle.Points(int64(d[t.Seats[i]]))
	}
	for _, name := range h.Riichi {
		out[t.Index(name)] -= s.stick
	}
	return out, nil
}
