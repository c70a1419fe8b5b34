package riichi

import (
	"fmt"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/riichilog"
)

// tenhouAbortive maps Tenhou's names of the abortive draws to the ids of the riichi ruleset's
// abortive_draws.
var tenhouAbortive = map[string]string{"yao9": "kyuushu_kyuuhai", "kaze4": "suufon_renda", "reach4": "suucha_riichi",
	"kan4": "suukan_sanra", "ron3": "sanchahou"}

// KeepGame reads a game log for a ledger (family.GameKeeper): each hand's result as the log
// paid it (its deltas, less a stick for each riichi declared), with mjref's own settlement of it
// compared. The ruleset is the built-in riichi (Tenhou's rules); an east-only game is one round
// long and ends with Tenhou's east-only uma. A three-player game is kept under riichi-sanma, its
// three players seated E, S and W.
func (Family) KeepGame(data []byte) (*family.KeptGame, error) {
	g, err := riichilog.Read(data)
	if err != nil {
		return nil, err
	}
	n := g.Rules.Players
	if n != 4 && n != 3 {
		return nil, family.Usagef("a %d-player game: a ledger keeps games of three or four players", n)
	}
	ruleset := ID
	if n == 3 {
		ruleset = "riichi-sanma"
	}
	if len(g.Rounds) == 0 {
		return nil, family.Usagef("the log has no hand to keep")
	}
	v := riichilog.Review(g, gameExplainer())
	p := riichilog.PresetOf(g.Rules)
	k := &family.KeptGame{Format: string(g.Format), Ruleset: ruleset, Seats: n, Length: "2-rounds", Stake: p.Start, Return: p.Return,
		Agrees: v.Agrees, Differences: v.Differences, Illegal: v.Illegal}
	if !g.Rules.Hanchan {
		k.Length = "1-round"
	}
	// The stake is what the log deals the first hand with (a lobby may start from 30,000).
	if sc := g.Rounds[0].Scores; len(sc) >= n {
		for _, x := range sc[1:n] {
			if x != sc[0] {
				return nil, family.Usagef("the players start with different points (%v): a ledger starts every player from one stake", sc[:n])
			}
		}
		k.Stake = sc[0]
	}
	if k.Stake == p.Start && g.Rules.Other == 0 {
		for _, u := range p.Uma {
			k.Uma = append(k.Uma, u*1000)
		}
	} else {
		// A lobby no preset describes (chips, ratio games, another start): its end is its stacks.
		k.Return = 0
		k.EndNote = fmt.Sprintf("the log's lobby (GO type %d, %d to start) pays an end no preset describes: the ledger's end is the stacks, with no uma or oka", g.Rules.Type, k.Stake)
	}
	first := g.FirstDealer
	player := func(seat int) int {
		if seat < 0 {
			return -1
		}
		return (seat - first + n) % n
	}
	for i := range n {
		if s := (first + i) % n; s < len(g.Names) {
			k.Players[i] = g.Names[s]
		}
	}
	for i, r := range g.Rounds {
		hv := v.Hands[i]
		h := family.KeptHand{Round: r.Name(), Dealer: player(r.Dealer), Honba: r.Honba, Sticks: r.Sticks, Discarder: -1, Responsible: -1, Agrees: true}
		for _, e := range r.Events {
			if e.Kind == riichilog.RiichiOK && e.Seat >= 0 && e.Seat < n {
				h.Riichi = append(h.Riichi, player(e.Seat))
				h.Deltas[player(e.Seat)] -= 1000
			}
		}
		var notes []string
		for j, res := range r.Results {
			rv := hv.Results[j]
			for s, d := range res.Deltas {
				if s < n {
					h.Deltas[player(s)] += d
				}
			}
			h.Agrees = h.Agrees && rv.Agrees
			for _, d := range rv.Differences {
				seat := ""
				if d.Seat != nil {
					seat = " " + k.Players[player(*d.Seat)]
				}
				notes = append(notes, fmt.Sprintf("%s%s: mjref %d, the log %d", d.Field, seat, d.Mjref, d.Recorded))
			}
			switch res.Kind {
			case riichilog.Ron, riichilog.Tsumo:
				han, fu := rv.Han, rv.Fu
				if rv.Recorded.Valued {
					han, fu = rv.Recorded.Han, rv.Recorded.Fu
				}
				yakuman := 0
				if res.Limit == riichilog.Yakuman {
					yakuman = max(1, han/13)
				}
				h.Winners = append(h.Winners, player(res.Winner))
				h.Han, h.Fu, h.Yakuman = append(h.Han, han), append(h.Fu, fu), append(h.Yakuman, yakuman)
				if res.Kind == riichilog.Ron {
					h.Discarder = player(res.From)
				}
				if res.Pao >= 0 && h.Responsible < 0 {
					h.Responsible = player(res.Pao)
				}
			case riichilog.DrawEnd:
				h.Drawn = true
				ready := res.Tenpai
				if !res.TenpaiShown {
					ready = readyFromDeltas(res.Deltas, g.Rounds, i, n)
				}
				for _, s := range ready {
					h.Tenpai = append(h.Tenpai, player(s))
				}
				if res.Draw == "nm" {
					notes = append(notes, "nagashi mangan")
				}
			case riichilog.AbortEnd:
				h.Drawn, h.Abortive = true, tenhouAbortive[res.Draw]
				if h.Abortive == "" {
					h.Abortive = res.Draw
				}
			}
		}
		if len(h.Winners) > 0 && h.Drawn {
			return nil, family.Usagef("hand %d (%s): the log records both a win and a draw", i+1, r.Name())
		}
		if len(r.Results) == 0 {
			return nil, family.Usagef("hand %d (%s): the log records no result for it (a game cut short?)", i+1, r.Name())
		}
		h.Note = strings.Join(notes, "; ")
		k.Hands = append(k.Hands, h)
	}
	if f := g.Final; f != nil && len(f.Scores) >= n {
		k.FinalScores = make([]int, n)
		for s := range n {
			k.FinalScores[player(s)] = f.Scores[s]
		}
		if len(f.Results) >= n {
			k.FinalResults = make([]float64, n)
			for s := range n {
				k.FinalResults[player(s)] = f.Results[s]
			}
		}
	}
	if v.Final != nil {
		k.FinalAgrees = v.Final.Agrees
	}
	return k, nil
}

// readyFromDeltas are the seats ready at an exhaustive draw of hand i whose log does not show them
// (mjai's ryukyoku may not): those the noten payments pay, or when nobody pays (all ready, or
// none), all n when the next hand is dealt by the same dealer and none otherwise.
func readyFromDeltas(deltas []int, rounds []riichilog.Round, i, n int) []int {
	var ready []int
	paid := false
	for s, d := range deltas {
		if d > 0 {
			ready = append(ready, s)
		}
		paid = paid || d != 0
	}
	if paid {
		return ready
	}
	if i+1 < len(rounds) && rounds[i+1].Dealer == rounds[i].Dealer {
		return []int{0, 1, 2, 3}[:n]
	}
	return nil
}
