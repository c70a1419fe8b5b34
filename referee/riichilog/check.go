package riichilog

import (
	"fmt"

	"github.com/mjref/mjref/scoring/riichi"
)

// This file is the payment arithmetic of a riichi hand under Tenhou's rules, so a log's recorded
// payments can be checked: han and fu are priced by scoring/riichi's points table (Value), and the
// shares, honba, sticks, pao and noten payments are laid out here. It pays what the log's han, fu and
// limit are worth; it does not score the tiles.

// tenhouOptions are the scorer's options for a Tenhou log: Tenhou's own (no kiriage mangan).
var tenhouOptions = riichi.TenhouOptions()

// limitOf is the limit a hand of han and fu is paid at under Tenhou's rules, from scoring/riichi's
// points table.
func limitOf(han, fu int) Limit {
	return limitFrom(riichi.Value(han, fu, 0, false, &tenhouOptions).Limit)
}

// limitFrom maps the scorer's limits onto Tenhou's five (a counted yakuman is a yakuman).
func limitFrom(l riichi.Limit) Limit {
	switch l {
	case riichi.Mangan:
		return Mangan
	case riichi.Haneman:
		return Haneman
	case riichi.Baiman:
		return Baiman
	case riichi.Sanbaiman:
		return Sanbaiman
	case riichi.KazoeYakuman, riichi.YakumanLimit:
		return Yakuman
	}
	return NoLimit
}

// shares are what each seat pays for a win before honba, from the scorer's payment p: the ron
// payment from the discarder, or on tsumo the dealer's and the others' shares. Three players: the
// empty seat pays nothing (Tenhou's tsumo loss).
func shares(res Result, dealer, players int, p riichi.Payment) []int {
	pay := make([]int, 4)
	if res.Kind == Ron {
		pay[res.From] = p.Ron
		return pay
	}
	for s := range players {
		switch {
		case s == res.Winner:
		case s == dealer:
			pay[s] = p.TsumoDealer
		default:
			pay[s] = p.TsumoOther
		}
	}
	return pay
}

// Settlement is what a result pays under the payment arithmetic, from the hand's recorded han, fu
// and limit.
type Settlement struct {
	// Limit is the limit the han and fu reach (yakuman hands: Yakuman).
	Limit Limit
	// Points is the hand's value before honba and sticks (Tenhou's second number of ten).
	Points int
	// Deltas are each seat's change, honba and sticks included.
	Deltas []int
	// Rule says how it was paid, for a person reading a difference.
	Rule string
}

// Settle pays result i of round r (a game of players seats): a win from its han, fu and yakuman
// count; honba (300 a honba: on ron from the discarder, on tsumo 100 from each payer) and the
// sticks on the table go to the first winner only when several win on one discard (Tenhou's
// atamahane of the sticks); pao makes the responsible seat pay a tsumo in full, and half of a ron
// (the discarder pays the other half and the honba). An exhaustive draw pays 3,000 from the noten
// seats to the tenpai ones (1,000 a tenpai seat from each noten one with three players); an
// abortive draw pays nothing. ok is false for a result it cannot pay (a win the log does not value,
// nagashi mangan, whose seat the log does not name).
func Settle(r Round, i, players int) (s Settlement, ok bool) {
	return settleUnder(r, i, players, &tenhouOptions)
}

// settleUnder is Settle with a win priced under opts (kiriage mangan, kazoe yakuman).
func settleUnder(r Round, i, players int, opts *riichi.Options) (s Settlement, ok bool) {
	res := r.Results[i]
	s.Deltas = make([]int, 4)
	switch res.Kind {
	case AbortEnd:
		s.Rule = "an abortive draw pays nothing"
		return s, true
	case DrawEnd:
		if res.Draw == "nm" {
			return s, false
		}
		tenpaiSeats := res.Tenpai
		if !res.TenpaiShown {
			// The log does not say who was tenpai: the seats it pays are (checked then for amounts).
			tenpaiSeats = nil
			for seat, d := range res.Deltas {
				if d > 0 {
					tenpaiSeats = append(tenpaiSeats, seat)
				}
			}
		}
		k := len(tenpaiSeats)
		if k == 0 || k == players {
			s.Rule = "an exhaustive draw with all or no seats tenpai pays nothing"
			return s, true
		}
		pool := 3000
		if players == 3 {
			pool = 1000 * k * (players - k)
		}
		tenpai := map[int]bool{}
		for _, t := range tenpaiSeats {
			tenpai[t] = true
		}
		for seat := range players {
			if tenpai[seat] {
				s.Deltas[seat] = pool / k
			} else {
				s.Deltas[seat] = -pool / (players - k)
			}
		}
		s.Rule = fmt.Sprintf("noten payments: %d from the noten seats to the %d tenpai", pool, k)
		return s, true
	}
	if !res.Valued {
		return s, false
	}
	yakuman := 0
	for _, y := range res.Yaku {
		if y.Yakuman {
			yakuman++
		}
	}
	han := res.Han
	if res.Fu == 0 && res.Limit != NoLimit && yakuman == 0 {
		// The log names the limit but not the fu (tenhou.net/6's "満貫8000点"): price the limit.
		han = max(han, [...]int{0, 5, 6, 8, 11, 13}[res.Limit])
	}
	p := riichi.Value(han, res.Fu, yakuman, res.Winner == r.Dealer, opts)
	s.Limit = limitFrom(p.Limit)
	base := p.Basic
	pay := shares(res, r.Dealer, players, p)
	for _, p := range pay {
		s.Points += p
	}
	honba, sticks := res.Honba, res.Sticks
	if i > 0 {
		honba, sticks = 0, 0
	}
	if res.Kind == Ron {
		pay[res.From] += 300 * honba
	} else {
		for seat := range players {
			if seat != res.Winner {
				pay[seat] += 100 * honba
			}
		}
	}
	if res.Pao >= 0 && res.Pao != res.Winner {
		if res.Kind == Tsumo {
			total := 0
			for seat := range pay {
				total += pay[seat]
				pay[seat] = 0
			}
			pay[res.Pao] = total
		} else {
			half := s.Points / 2
			pay[res.From] -= half
			pay[res.Pao] += half
		}
	}
	total := 0
	for seat, p := range pay {
		s.Deltas[seat] -= p
		total += p
	}
	s.Deltas[res.Winner] += total + 1000*sticks
	s.Rule = fmt.Sprintf("%s %s: base %d", res.Kind, valueText(res, s.Limit), base)
	return s, true
}

func valueText(res Result, l Limit) string {
	if l != NoLimit {
		return fmt.Sprintf("%d han %s", res.Han, l)
	}
	return fmt.Sprintf("%d han %d fu", res.Han, res.Fu)
}

// Difference is one place where a log's record and the arithmetic disagree.
type Difference struct {
	Round  string `json:"round"`
	Result int    `json:"result"` // index in the round's results, or -1 for the round's start
	Seat   int    `json:"seat"`   // -1 when the value is not one seat's
	Field  string `json:"field"`  // "points", "limit", "delta", "score", "final", "sum"
	Want   int    `json:"want"`   // what the arithmetic gives
	Got    int    `json:"got"`    // what the log records
	Rule   string `json:"rule"`
	Pos    Pos    `json:"pos"`
}

func (d Difference) String() string {
	seat := ""
	if d.Seat >= 0 {
		seat = fmt.Sprintf(" seat %d", d.Seat)
	}
	return fmt.Sprintf("%s (%v)%s %s: the log has %d, the arithmetic %d (%s)", d.Round, d.Pos, seat, d.Field, d.Got, d.Want, d.Rule)
}

// Check compares what g records with the payment arithmetic: each valued win's limit, points
// and deltas, each draw's deltas, that every seat's score at a result and at the next hand's start
// is the running total (riichi sticks taken off), that every result is zero-sum but for the sticks
// it collects, and the final scores. unchecked counts the results it could not pay (Settle's ok
// false).
func Check(g *Game) (diffs []Difference, unchecked int) {
	players := g.Rules.Players
	var cur []int
	for _, r := range g.Rounds {
		name := r.Name()
		if cur != nil {
			for seat := range min(len(cur), len(r.Scores)) {
				if cur[seat] != r.Scores[seat] {
					diffs = append(diffs, Difference{Round: name, Result: -1, Seat: seat, Field: "score", Want: cur[seat], Got: r.Scores[seat], Rule: "the score the last hand left", Pos: r.Pos})
				}
			}
		}
		cur = append([]int(nil), r.Scores...)
		ev := 0
		for i, res := range r.Results {
			for ; ev < len(r.Events) && before(r.Events[ev].Pos, res.Pos); ev++ {
				if e := r.Events[ev]; e.Kind == RiichiOK && e.Seat < len(cur) {
					cur[e.Seat] -= 1000
				}
			}
			if res.Scores != nil {
				for seat := range min(len(cur), len(res.Scores)) {
					if cur[seat] != res.Scores[seat] {
						diffs = append(diffs, Difference{Round: name, Result: i, Seat: seat, Field: "score", Want: cur[seat], Got: res.Scores[seat], Rule: "the running score, riichi sticks taken off", Pos: res.Pos})
					}
				}
			}
			if res.Deltas == nil {
				unchecked++
				continue
			}
			sum := 0
			for _, d := range res.Deltas {
				sum += d
			}
			if want := collected(r, i); res.Kind != AbortEnd && res.Kind != DrawEnd && sum != want {
				diffs = append(diffs, Difference{Round: name, Result: i, Seat: -1, Field: "sum", Want: want, Got: sum, Rule: "a win pays out what the seats pay in, and the sticks it collects", Pos: res.Pos})
			} else if (res.Kind == AbortEnd || res.Kind == DrawEnd) && sum != 0 {
				diffs = append(diffs, Difference{Round: name, Result: i, Seat: -1, Field: "sum", Want: 0, Got: sum, Rule: "a draw is zero-sum", Pos: res.Pos})
			}
			for seat := range min(len(cur), len(res.Deltas)) {
				cur[seat] += res.Deltas[seat]
			}
			s, ok := Settle(r, i, players)
			if !ok {
				unchecked++
				continue
			}
			if res.Valued && res.Limit != s.Limit {
				diffs = append(diffs, Difference{Round: name, Result: i, Seat: -1, Field: "limit", Want: int(s.Limit), Got: int(res.Limit), Rule: s.Rule, Pos: res.Pos})
			}
			if res.Valued && res.Points != 0 && res.Points != s.Points {
				diffs = append(diffs, Difference{Round: name, Result: i, Seat: -1, Field: "points", Want: s.Points, Got: res.Points, Rule: s.Rule, Pos: res.Pos})
			}
			for seat := range min(len(s.Deltas), len(res.Deltas)) {
				if s.Deltas[seat] != res.Deltas[seat] {
					diffs = append(diffs, Difference{Round: name, Result: i, Seat: seat, Field: "delta", Want: s.Deltas[seat], Got: res.Deltas[seat], Rule: s.Rule, Pos: res.Pos})
				}
			}
		}
	}
	if g.Final != nil && cur != nil {
		cur = endScores(g, cur)
		for seat := range min(len(cur), len(g.Final.Scores)) {
			if cur[seat] != g.Final.Scores[seat] {
				diffs = append(diffs, Difference{Round: "end", Result: -1, Seat: seat, Field: "final", Want: cur[seat], Got: g.Final.Scores[seat], Rule: "the running score at the end, the sticks left on the table to the top seat", Pos: g.Final.Pos})
			}
		}
	}
	return diffs, unchecked
}

// collected is what result i of r takes off the table: the sticks, for the first winner.
func collected(r Round, i int) int {
	if i > 0 {
		return 0
	}
	return 1000 * r.Results[i].Sticks
}

// before reports whether an event at e comes before a result at res: by element or line, and in
// tenhou.net/6 (JSON paths) every event comes before the results.
func before(e, res Pos) bool {
	switch {
	case e.Element > 0:
		return e.Element < res.Element
	case e.Line > 0:
		return e.Line < res.Line
	}
	return true
}

// endScores are the scores at the game's end: the running scores cur, and the riichi sticks left
// on the table after a last hand that was drawn going to the top seat (Tenhou's rule; a tie goes to
// the seat nearest the first dealer).
func endScores(g *Game, cur []int) []int {
	cur = append([]int(nil), cur...)
	if len(g.Rounds) == 0 {
		return cur
	}
	last := g.Rounds[len(g.Rounds)-1]
	sticks := last.Sticks
	for _, e := range last.Events {
		if e.Kind == RiichiOK {
			sticks++
		}
	}
	for _, res := range last.Results {
		if res.Kind == Ron || res.Kind == Tsumo {
			sticks = 0
		}
	}
	if sticks == 0 {
		return cur
	}
	top := -1
	for k := range g.Rules.Players {
		seat := (g.FirstDealer + k) % g.Rules.Players
		if seat < len(cur) && (top < 0 || cur[seat] > cur[top]) {
			top = seat
		}
	}
	if top >= 0 {
		cur[top] += 1000 * sticks
	}
	return cur
}
