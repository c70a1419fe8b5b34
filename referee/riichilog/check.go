package riichilog

import "fmt"

// This file is the payment arithmetic of a riichi hand under Tenhou's rules, so a log's recorded
// payments can be checked before the riichi family settles hands itself. It pays what the log's
// han, fu and limit are worth; it does not score the tiles.

// limitOf is the limit a hand of han and fu is paid at under Tenhou's rules: 5 han mangan, 6–7
// haneman, 8–10 baiman, 11–12 sanbaiman, 13 and more (counted) yakuman; below 5 han, mangan
// when fu×2^(han+2) reaches 2,000 (no kiriage: 30 fu 4 han is 7,700).
func limitOf(han, fu int) Limit {
	switch {
	case han >= 13:
		return Yakuman
	case han >= 11:
		return Sanbaiman
	case han >= 8:
		return Baiman
	case han >= 6:
		return Haneman
	case han >= 5:
		return Mangan
	case han >= 1 && fu<<(han+2) >= 2000:
		return Mangan
	}
	return NoLimit
}

// basePoints are a win's basic points: fu×2^(han+2), or the limit's 2,000 (mangan), 3,000,
// 4,000, 6,000, 8,000 (yakuman, once for each yakuman the hand holds).
func basePoints(han, fu int, l Limit, yakuman int) int {
	switch l {
	case Mangan:
		return 2000
	case Haneman:
		return 3000
	case Baiman:
		return 4000
	case Sanbaiman:
		return 6000
	case Yakuman:
		return 8000 * max(1, yakuman)
	}
	return fu << (han + 2)
}

func roundUp100(n int) int { return (n + 99) / 100 * 100 }

// shares are what each seat pays for a win before honba: on ron, the discarder pays base×6 (dealer
// winner) or ×4; on tsumo the dealer pays base×2 and the others base×1, or each pays base×2 when
// the dealer wins; each share rounded up to 100. Three players: the empty seat pays nothing
// (Tenhou's tsumo loss).
func shares(res Result, dealer, players, base int) []int {
	pay := make([]int, 4)
	winnerDeals := res.Winner == dealer
	if res.Kind == Ron {
		m := 4
		if winnerDeals {
			m = 6
		}
		pay[res.From] = roundUp100(base * m)
		return pay
	}
	for s := range players {
		switch {
		case s == res.Winner:
		case winnerDeals || s == dealer:
			pay[s] = roundUp100(base * 2)
		default:
			pay[s] = roundUp100(base)
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
	s.Limit = limitOf(res.Han, res.Fu)
	if res.Fu == 0 && res.Limit != NoLimit {
		s.Limit = res.Limit // the log names the limit but not the fu (tenhou.net/6's "満貫8000点")
	}
	if yakuman > 0 {
		s.Limit = Yakuman
	}
	base := basePoints(res.Han, res.Fu, s.Limit, yakuman)
	pay := shares(res, r.Dealer, players, base)
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
		for seat := range min(len(cur), len(g.Final.Scores)) {
			if cur[seat] != g.Final.Scores[seat] {
				diffs = append(diffs, Difference{Round: "end", Result: -1, Seat: seat, Field: "final", Want: cur[seat], Got: g.Final.Scores[seat], Rule: "the running score at the end", Pos: g.Final.Pos})
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
