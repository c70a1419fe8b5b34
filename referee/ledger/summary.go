package ledger

import "slices"

// Summary is the evening in figures, what players ask for at the end: for each player their wins,
// self-draws, deal-ins, 包 paid, false wins, biggest hand, average faan and hands at the table.
type Summary struct {
	Hands   int             `json:"hands"` // hands standing
	Drawn   int             `json:"drawn"`
	Players []PlayerSummary `json:"players"` // everyone who played, in order of arrival
	// Biggest is the biggest win of the evening (by what the winner took), nil before any win.
	Biggest *Win `json:"biggest,omitempty"`
	// MostWins and MostDealIns name the players with the most wins and the most deal-ins (ties share).
	MostWins    []string `json:"most_wins,omitempty"`
	MostDealIns []string `json:"most_deal_ins,omitempty"`
}

// PlayerSummary is one player's evening.
type PlayerSummary struct {
	Player string `json:"player"`
	Left   bool   `json:"left,omitempty"` // no longer at the table
	Hands  int    `json:"hands"`          // hands played at the table
	Wins   int    `json:"wins"`
	// SelfDraws counts the wins by self-draw.
	SelfDraws int `json:"self_draws"`
	// DealIns counts the hands won on this player's discard: a discard that two or three players
	// won on (一炮多響) is one deal-in, though each of its winners counts a win.
	DealIns int `json:"deal_ins"`
	// Responsible counts the hands this player paid for under 包; ResponsiblePaid is what they paid
	// in those hands.
	Responsible     int    `json:"responsible"`
	ResponsiblePaid Amount `json:"responsible_paid"`
	FalseWins       int    `json:"false_wins"`
	// AverageFaan is the mean faan (Hong Kong), value (American) or han (riichi) of the wins that
	// record one; limit hands recorded without a faan, and yakuman, are left out. 0 without such
	// wins.
	AverageFaan float64 `json:"average_faan"`
	LimitHands  int     `json:"limit_hands"`
	Biggest     *Win    `json:"biggest,omitempty"` // the player's biggest win
	Total       Amount  `json:"total"`
}

// Win is one winner's hand in the history.
type Win struct {
	Player string `json:"player"`
	Number int    `json:"number"` // the hand's number
	Faan   int    `json:"faan,omitempty"`
	Value  int    `json:"value,omitempty"`
	Limit  bool   `json:"limit,omitempty"`
	Tiles  string `json:"tiles,omitempty"`
	Gain   Amount `json:"gain"` // what the winner took in the hand
	// Worth is the win's worth as the history writes it ("5 faan", "3 han 30 fu", "a yakuman"),
	// empty where a family scores points for every player.
	Worth  string `json:"worth,omitempty"`
	Result string `json:"result"`
}

// Summary computes the evening's figures from the history.
func (s *State) Summary() Summary {
	sum := Summary{Hands: len(s.History)}
	idx := map[string]int{}
	for _, p := range s.People {
		idx[p.Name] = len(sum.Players)
		sum.Players = append(sum.Players, PlayerSummary{Player: p.Name, Left: p.Place < 0, Hands: p.Hands, Total: p.Total})
	}
	worthSum := make([]int, len(sum.Players))
	worthN := make([]int, len(sum.Players))
	for _, e := range s.History {
		h := &e.Hand
		place := func(name string) int {
			for i, p := range e.Players {
				if p == name {
					return i
				}
			}
			return -1
		}
		switch {
		case h.Drawn:
			sum.Drawn++
			continue
		case h.FalseWin != "":
			sum.Players[idx[h.FalseWin]].FalseWins++
			continue
		}
		if h.Discarder != "" {
			sum.Players[idx[h.Discarder]].DealIns++ // once, however many won on the discard
		}
		var paid []string // who paid under 包 in this hand, each counted once
		for _, c := range h.Claims() {
			p := &sum.Players[idx[c.Winner]]
			p.Wins++
			if h.SelfDrawn() {
				p.SelfDraws++
			}
			if c.Responsible != "" && !slices.Contains(paid, c.Responsible) {
				paid = append(paid, c.Responsible)
				r := &sum.Players[idx[c.Responsible]]
				r.Responsible++
				if i := place(c.Responsible); i >= 0 && e.Deltas[i] < 0 {
					r.ResponsiblePaid -= e.Deltas[i]
				}
			}
			if c.Limit || c.Yakuman > 0 {
				p.LimitHands++
			}
			if w := max(c.Faan, c.Value, c.Han); w > 0 && c.Yakuman == 0 {
				worthSum[idx[c.Winner]] += w
				worthN[idx[c.Winner]]++
			}
			w := &Win{Player: c.Winner, Number: e.Number, Faan: c.Faan, Value: c.Value, Limit: c.Limit, Tiles: c.Tiles, Worth: c.worth(), Result: h.String()}
			if i := place(c.Winner); i >= 0 {
				w.Gain = e.Deltas[i]
			}
			if p.Biggest == nil || w.Gain > p.Biggest.Gain {
				p.Biggest = w
			}
			if sum.Biggest == nil || w.Gain > sum.Biggest.Gain {
				sum.Biggest = w
			}
		}
	}
	mostWins, mostDealIns := 0, 0
	for i := range sum.Players {
		p := &sum.Players[i]
		if worthN[i] > 0 {
			p.AverageFaan = float64(worthSum[i]) / float64(worthN[i])
		}
		mostWins, mostDealIns = max(mostWins, p.Wins), max(mostDealIns, p.DealIns)
	}
	for _, p := range sum.Players {
		if mostWins > 0 && p.Wins == mostWins {
			sum.MostWins = append(sum.MostWins, p.Player)
		}
		if mostDealIns > 0 && p.DealIns == mostDealIns {
			sum.MostDealIns = append(sum.MostDealIns, p.Player)
		}
	}
	return sum
}
