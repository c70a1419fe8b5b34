package riichi

import "fmt"

// Pot is the riichi sticks on the table, as a party to a settlement: Transfer.From is Pot when
// the winner takes the sticks.
const Pot Wind = 4

// Transfer is one payment of a settlement.
type Transfer struct {
	From, To Wind // Pot for the sticks on the table
	Amount   int
	Why      string // "ron", "tsumo", "honba", "sticks", "pao", "noten", "nagashi"
}

// Settlement is who pays whom for one hand. Deltas sum to the sticks taken from the Pot.
type Settlement struct {
	Transfers []Transfer
	Deltas    [4]int
	Abortive  bool   // the hand ends in an abortive draw (a triple ron where the rules say so)
	Note      string // what was decided on the way: a head bump, an abortive draw
}

func (s *Settlement) pay(from, to Wind, amount int, why string) {
	if amount == 0 {
		return
	}
	s.Transfers = append(s.Transfers, Transfer{From: from, To: to, Amount: amount, Why: why})
	if from != Pot {
		s.Deltas[from] -= amount
	}
	s.Deltas[to] += amount
}

// Taken is what the Pot paid out (riichi sticks): the sum of the deltas.
func (s *Settlement) Taken() int {
	n := 0
	for _, t := range s.Transfers {
		if t.From == Pot {
			n += t.Amount
		}
	}
	return n
}

// Win is one winner to settle: the seat, the payment its hand is worth (Score's Pay, or Value),
// and a pao (responsibility) for a yakuman: Pao is the responsible seat (or Pot for none) and
// PaoShare the part of the hand's basic points it answers for (the pao yakuman's units over all).
type Win struct {
	Seat     Wind
	Pay      Payment
	Pao      Wind
	PaoUnits int // yakuman units the pao seat answers for
	Units    int // yakuman units of the hand (0: not a yakuman)
}

// NoPao is a Win's Pao when nobody is responsible.
const NoPao = Pot

// SettleRon settles wins on discarder's tile: one winner, or several on the same discard (double
// and triple ron per o.MultipleRon: 1 the first in turn order takes it alone (head bump), 2 two
// winners are paid and three end the hand in an abortive draw, as on Tenhou, 3 all are paid).
// honba (300 each) and the sticks (1,000 each) go to the first winner in turn order from the
// discarder. A pao seat pays half of the part of a ron it answers for.
func SettleRon(discarder Wind, wins []Win, honba, sticks int, o *Options) (Settlement, error) {
	var s Settlement
	players := Wind(4)
	if o.Players == 3 {
		players = 3
	}
	if len(wins) == 0 || len(wins) >= int(players) || discarder >= players {
		return s, fmt.Errorf("a ron has one to %d winners and a discarder", players-1)
	}
	// Turn order from the discarder.
	ordered := make([]Win, 0, len(wins))
	for d := Wind(1); d < players; d++ {
		for _, w := range wins {
			if w.Seat == (discarder+d)%players {
				ordered = append(ordered, w)
			}
		}
	}
	if len(ordered) != len(wins) {
		return s, fmt.Errorf("a winner is the discarder, or a seat won twice")
	}
	switch {
	case len(ordered) > 1 && o.MultipleRon <= 1:
		s.Note = fmt.Sprintf("head bump: %s is first from the discarder and takes the win alone", ordered[0].Seat)
		ordered = ordered[:1]
	case len(ordered) == 3 && o.MultipleRon == 2:
		s.Abortive = true
		s.Note = "three players won on one discard: an abortive draw (sanchahou); nobody pays, the sticks stay"
		return s, nil
	}
	for i, w := range ordered {
		amount := w.Pay.Ron
		if w.Pao != NoPao && w.Pao != discarder && w.Units > 0 && w.PaoUnits > 0 {
			part := amount * w.PaoUnits / w.Units
			half := part / 2
			s.pay(w.Pao, w.Seat, half, "pao")
			amount -= half
		}
		s.pay(discarder, w.Seat, amount, "ron")
		if i == 0 {
			s.pay(discarder, w.Seat, 300*honba, "honba")
			s.pay(Pot, w.Seat, 1000*sticks, "sticks")
		}
	}
	return s, nil
}

// SettleTsumo settles a self-draw: each other player pays their share and 100 a honba; the winner
// takes the sticks. A pao seat pays the part it answers for alone, honba included. With three
// players (o.Players 3) the two others pay their shares (Value: with tsumo loss as with four,
// else with half the absent North's share each).
func SettleTsumo(w Win, honba, sticks int, o *Options) (Settlement, error) {
	var s Settlement
	players := Wind(4)
	if o != nil && o.Players == 3 {
		players = 3
	}
	if w.Seat >= players {
		return s, fmt.Errorf("no winner")
	}
	pao := w.Pao != NoPao && w.Pao != w.Seat && w.Units > 0 && w.PaoUnits > 0
	for d := Wind(1); d < players; d++ {
		from := (w.Seat + d) % players
		share := w.Pay.TsumoOther
		if from == WindEast {
			share = w.Pay.TsumoDealer
		}
		if pao {
			part := share * w.PaoUnits / w.Units
			s.pay(w.Pao, w.Seat, part, "pao")
			share -= part
		}
		s.pay(from, w.Seat, share, "tsumo")
		if pao {
			s.pay(w.Pao, w.Seat, 100*honba, "honba")
		} else {
			s.pay(from, w.Seat, 100*honba, "honba")
		}
	}
	s.pay(Pot, w.Seat, 1000*sticks, "sticks")
	return s, nil
}

// SettleDraw settles an exhaustive draw: the players not ready pay o.NotenPayment (3,000) split
// among those ready (nothing when all or none are ready). Nagashi seats (all terminals and honours discarded, none
// called) are each paid a mangan self-draw instead, as on Tenhou.
func SettleDraw(tenpai [4]bool, nagashi []Wind, o *Options) Settlement {
	var s Settlement
	if len(nagashi) > 0 {
		for _, n := range nagashi {
			t, _ := SettleTsumo(Win{Seat: n, Pay: Value(5, 0, 0, n == WindEast, o), Pao: NoPao}, 0, 0, o)
			for _, tr := range t.Transfers {
				tr.Why = "nagashi"
				s.pay(tr.From, tr.To, tr.Amount, tr.Why)
			}
		}
		return s
	}
	players := Wind(4)
	if o.Players == 3 {
		players = 3
	}
	ready := 0
	for _, r := range tenpai[:players] {
		if r {
			ready++
		}
	}
	if ready == 0 || ready == int(players) {
		return s
	}
	per := o.NotenPayment / ready / (int(players) - ready) // what each non-ready player pays each ready one
	for from := Wind(0); from < players; from++ {
		if tenpai[from] {
			continue
		}
		for to := Wind(0); to < players; to++ {
			if tenpai[to] {
				s.pay(from, to, per, "noten")
			}
		}
	}
	return s
}
