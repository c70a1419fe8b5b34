package deburger

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
)

const fourHands = "give the four hands with --hand SEAT=HAND, or their points with --points E=..,S=..,W=..,N=.."

// settleTakes are the flags a DeBurger settlement takes; settleHints say what to give instead of
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
)

// SettleTakes takes the four hands (or their points), the seat that went Mahjong, how the hand was
// won and the running totals.
func (r *rules) SettleTakes(flag string) (bool, string) {
	return settleTakes[flag], settleHints[flag]
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

// Settle scores the four hands (or takes their points) and, with the totals before the hand,
// moves the race to the target on.
func (r *rules) Settle(req family.SettleRequest) (family.Settlement, error) {
	rs := r.rs
	if err := family.RefuseOthers(r, &req); err != nil {
		return nil, err
	}
	if req.Hand != "" {
		return nil, family.WithHint(family.Usagef("ruleset %s settles all four hands: a hand argument does not apply", rs.Name),
			"give each player's hand with --hand SEAT=HAND, e.g. --hand E='123m456m789p111z55s'")
	}
	const example = "e.g. --hand E='123m456m789p111z55s' --hand S=... --hand W=... --hand N=... --mahjong E --win self-draw, or --points E=2700,S=1800,W=-400,N=0"
	switch {
	case len(req.Hands) > 0 && len(req.Points) > 0:
		return nil, family.Usagef("--hand and --points: give the four hands or their points, not both")
	case len(req.Hands) == 0 && len(req.Points) == 0:
		return nil, family.WithHint(family.Usagef("nothing to settle: give the four players' hands (--hand SEAT=HAND) or their points (--points)"), example)
	}
	v := &SettleView{Ruleset: rs.Name}
	mahjong, err := family.OptionalSeat("mahjong", req.Mahjong, notation.NoSeat)
	if err != nil {
		return nil, err
	}
	if mahjong != notation.NoSeat {
		v.Mahjong = mahjong.String()
	}
	var pts [4]int
	if len(req.Hands) > 0 {
		if mahjong == notation.NoSeat {
			return nil, family.WithHint(family.Usagef("--mahjong: name the seat that went Mahjong"), "the sheet scores the winner's 14 tiles and the others' 13")
		}
		kind, d, err := family.HowWon(req.Win, req.Discarder, r.Ruleset().Settlement)
		if err != nil {
			return nil, err
		}
		if d == mahjong {
			return nil, family.Usagef("--discarder %s went Mahjong: nobody wins on their own discard", d)
		}
		if kind.HongKongOnly() {
			return nil, family.Usagef("--win %s is a Hong Kong win: the DeBurger sheet has no such win", kind)
		}
		v.Win = kind.String()
		var hands [4]*notation.Hand
		texts, err := family.SeatValues("hand", req.Hands)
		if err != nil {
			return nil, err
		}
		for i, t := range texts {
			h, err := notation.ParseWith(t, Family{}.Notation())
			if err != nil {
				return nil, fmt.Errorf("--hand %s: %w", notation.Seat(i), err)
			}
			if err := family.RefuseJokers(&h, Family{}); err != nil {
				return nil, fmt.Errorf("--hand %s: %w", notation.Seat(i), err)
			}
			hands[i] = &h
		}
		res, p, err := points.ScoreTable(hands, mahjong, kind, rs.DeBurger)
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
		if req.Win != "" || req.Discarder != "" {
			return nil, family.Usagef("--win and --discarder read the hands: with --points the points are already counted")
		}
		vals, err := family.SeatValues("points", req.Points)
		if err != nil {
			return nil, err
		}
		if pts, err = family.SeatNumbers("points", vals); err != nil {
			return nil, err
		}
	}
	v.Settled = true
	p := family.SeatInts(pts)
	v.Points = &p
	if len(req.Totals) > 0 {
		vals, err := family.SeatValues("totals", req.Totals)
		if err != nil {
			return nil, err
		}
		before, err := family.SeatNumbers("totals", vals)
		if err != nil {
			return nil, err
		}
		race := points.NewRace(rs.DeBurger)
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
		fmt.Fprintf(w, "game:     %s %s the game (target %d)", family.SeatsText(v.Winners), verb, v.Target)
	case len(v.Reached) > 0:
		fmt.Fprintf(w, "game:     %s reached %d, but nobody has won yet", family.SeatsText(v.Reached), v.Target)
	default:
		fmt.Fprintf(w, "game:     play on: nobody has reached %d", v.Target)
	}
	if v.Note != "" {
		fmt.Fprintf(w, " (%s)", v.Note)
	}
	_, err := fmt.Fprintln(w)
	return err
}
