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
// long and ends with Tenhou's east-only uma. A three-player game is refused: a ledger keeps four.
func (Family) KeepGame(data []byte) (*family.KeptGame, error) {
	g, err := riichilog.Read(data)
	if err != nil {
		return nil, err
	}
	if g.Rules.Players != 4 {
		return nil, family.Usagef("a %d-player game: a ledger keeps four players' games (three-player games are not kept yet)", g.Rules.Players)
	}
	if len(g.Rounds) == 0 {
		return nil, family.Usagef("the log has no hand to keep")
	}
	v := riichilog.Review(g, gameExplainer())
	p := riichilog.PresetOf(g.Rules)
	k := &family.KeptGame{Format: string(g.Format), Ruleset: ID, Length: "2-rounds", Stake: p.Start, Return: p.Return,
		Agrees: v.Agrees, Differences: v.Differences, Illegal: v.Illegal}
	if !g.Rules.Hanchan {
		k.Length = "1-round"
	}
	// The stake is what the log deals the first hand with (a lobby may start from 30,000).
	if sc := g.Rounds[0].Scores; len(sc) >= 4 {
		for _, x := range sc[1:4] {
			if x != sc[0] {
				return nil, family.Usagef("the players start with different points (%d, %d, %d, %d): a ledger starts every player from one stake", sc[0], sc[1], sc[2], sc[3])
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
		return (seat - first + 4) % 4
	}
	for i := range 4 {
		if s := (first + i) % 4; s < len(g.Names) {
			k.Players[i] = g.Names[s]
		}
	}
	for i, r := range g.Rounds {
		hv := v.Hands[i]
		h := family.KeptHand{Round: r.Name(), Dealer: player(r.Dealer), Honba: r.Honba, Sticks: r.Sticks, Discarder: -1, Responsible: -1, Agrees: true}
		for _, e := range r.Events {
			if e.Kind == riichilog.RiichiOK && e.Seat >= 0 && e.Seat < 4 {
				h.Riichi = append(h.Riichi, player(e.Seat))
				h.Deltas[player(e.Seat)] -= 1000
			}
		}
		var notes []string
		for j, res := range r.Results {
			rv := hv.Results[j]
			for s, d := range res.Deltas {
				if s < 4 {
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
					ready = readyFromDeltas(res.Deltas, g.Rounds, i)
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
	if f := g.Final; f != nil && len(f.Scores) >= 4 {
		k.FinalScores = make([]int, 4)
		for s := range 4 {
			k.FinalScores[player(s)] = f.Scores[s]
		}
		if len(f.Results) >= 4 {
			k.FinalResults = make([]float64, 4)
			for s := range 4 {
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
// none), all four when the next hand is dealt by the same dealer and none otherwise.
func readyFromDeltas(deltas []int, rounds []riichilog.Round, i int) []int {
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
		return []int{0, 1, 2, 3}
	}
	return nil
}
