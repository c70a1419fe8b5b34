package riichilog

import (
	"errors"
	"fmt"

	"github.com/mjref/mjref/scoring/riichi"
)

// GameView is the game document of `mjref referee GAME -o json`: every hand in log order, each
// result as mjref scores and settles it beside what the log records, and the final scores.
type GameView struct {
	Format Format     `json:"format"`
	Rules  Rules      `json:"rules"`
	Names  []string   `json:"names"`
	Hands  []HandView `json:"hands"`
	// Final is the game's end: each seat's points as mjref totals them (the last hand's start, its
	// riichi sticks and mjref's payments, the sticks left to the top seat) and as the log records them.
	Final *FinalView `json:"final"`
	// Agrees is true when every result and the final scores agree with the log; Differences counts
	// the fields that do not.
	Agrees      bool `json:"agrees"`
	Differences int  `json:"differences"`
	// Unchecked counts the results mjref could not compare (a win whose hand the log does not show).
	Unchecked int `json:"unchecked"`
	// Legal is true when every step of every hand is legal; Illegal counts the steps that are not.
	Legal   bool `json:"legal"`
	Illegal int  `json:"illegal"`
}

// HandView is one hand of the game.
type HandView struct {
	// Round is the hand as players name it: "E1", "S3".
	Round   string       `json:"round"`
	Honba   int          `json:"honba"`
	Sticks  int          `json:"sticks"`
	Dealer  int          `json:"dealer"`
	Results []ResultView `json:"results"`
	// Steps are mjref's rulings on every step of the hand, in log order (draws, discards, calls,
	// riichi, dora, then each result); Illegal counts the illegal ones.
	Steps   []StepView `json:"steps"`
	Illegal int        `json:"illegal"`
}

// ResultView is one AGARI or RYUUKYOKU (or its equivalent) in the log's order.
type ResultView struct {
	// Kind is ron, tsumo, draw or abort.
	Kind ResultKind `json:"kind"`
	// Winner and From (the discarder; the winner on tsumo) are log seat numbers 0-3, or null.
	Winner *int `json:"winner"`
	From   *int `json:"from"`
	Pao    *int `json:"pao,omitempty"`
	// Han, Fu, Points (the hand's value before honba and sticks: the second number of Tenhou's ten),
	// Limit and Yaku are mjref's score of the hand (0 and empty for a draw).
	Han    int        `json:"han"`
	Fu     int        `json:"fu"`
	Points int        `json:"points"`
	Limit  string     `json:"limit,omitempty"`
	Yaku   []YakuView `json:"yaku"`
	// Deltas are each seat's change from this result, in the log's seat order, honba and sticks
	// included.
	Deltas []int `json:"deltas"`
	// Rule says how mjref paid it.
	Rule string `json:"rule"`
	// Recorded is the same fields as the log states them.
	Recorded RecordedView `json:"recorded"`
	// Agrees is true when mjref's han, fu, points and deltas equal the recorded ones (fields the
	// log does not record are not compared); Differences names those that do not.
	Agrees      bool       `json:"agrees"`
	Differences []DiffView `json:"differences,omitempty"`
	// Note says why mjref could not score the hand itself, when it could not (its payments are then
	// the log's han and fu priced).
	Note string `json:"note,omitempty"`
}

// YakuView is one yaku of a result: its stable id and names, and its han (yakuman: 13 a unit).
type YakuView struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Japanese string `json:"japanese,omitempty"`
	Han      int    `json:"han"`
}

// RecordedView is a result as the log states it.
type RecordedView struct {
	Valued bool       `json:"valued"`
	Han    int        `json:"han"`
	Fu     int        `json:"fu"`
	Points int        `json:"points"`
	Limit  string     `json:"limit,omitempty"`
	Yaku   []YakuView `json:"yaku"`
	Deltas []int      `json:"deltas"`
}

// DiffView is one field where mjref and the log disagree.
type DiffView struct {
	Field string `json:"field"`
	// Seat is the seat for a delta, or null.
	Seat     *int `json:"seat"`
	Mjref    int  `json:"mjref"`
	Recorded int  `json:"recorded"`
}

// FinalView is the game's end.
type FinalView struct {
	Scores   []int `json:"scores"`
	Recorded []int `json:"recorded"`
	// RecordedResults are the results after uma and oka as the log states them (mjlog owari).
	RecordedResults []float64 `json:"recorded_results,omitempty"`
	Agrees          bool      `json:"agrees"`
	// Uma is the game's end under the preset the log's rules select: each seat's place and result
	// after uma and oka, reckoned from Scores, beside RecordedResults; null for a game whose seats
	// the preset does not fit.
	Uma *UmaView `json:"uma"`
}

func seatPtr(s int) *int {
	if s < 0 {
		return nil
	}
	return &s
}

// Review rules on every step of g (explain names each rule and cites its ruleset line; nil: ids
// only), and scores and settles every result with mjref's own rules, comparing each with the log's
// record.
func Review(g *Game, explain Explainer) GameView {
	v := GameView{Format: g.Format, Rules: g.Rules, Names: g.Names, Hands: []HandView{}, Agrees: true, Legal: true}
	if v.Names == nil {
		v.Names = []string{}
	}
	opts := riichi.TenhouOptions()
	opts.OpenTanyao = g.Rules.Kuitan
	if !g.Rules.Red {
		opts.RedFives = 0
	}
	var cur []int
	for _, r := range g.Rounds {
		hv := HandView{Round: r.Name(), Honba: r.Honba, Sticks: r.Sticks, Dealer: r.Dealer, Results: []ResultView{}}
		hv.Steps, hv.Illegal = ruleHand(g, &r, explain)
		if hv.Steps == nil {
			hv.Steps = []StepView{}
		}
		v.Illegal += hv.Illegal
		v.Legal = v.Legal && hv.Illegal == 0
		cur = append([]int(nil), r.Scores...)
		for len(cur) < 4 {
			cur = append(cur, 0)
		}
		for _, e := range r.Events {
			if e.Kind == RiichiOK && e.Seat < 4 {
				cur[e.Seat] -= 1000
			}
		}
		for i, res := range r.Results {
			rv := reviewResult(g, r, i, &opts)
			if !rv.Agrees {
				v.Agrees = false
				v.Differences += len(rv.Differences)
			}
			if rv.Note != "" && !res.Valued && (res.Kind == Ron || res.Kind == Tsumo) {
				v.Unchecked++
			}
			deltas := rv.Deltas // mjref's, or the log's where mjref could not settle
			if len(deltas) == 0 {
				deltas = res.Deltas
			}
			for seat := range min(4, len(deltas)) {
				cur[seat] += deltas[seat]
			}
			hv.Results = append(hv.Results, rv)
		}
		v.Hands = append(v.Hands, hv)
	}
	if g.Final != nil && cur != nil {
		cur = endScores(g, cur)
		f := &FinalView{Scores: cur[:len(g.Final.Scores)], Recorded: g.Final.Scores, RecordedResults: g.Final.Results, Agrees: true}
		for s := range f.Scores {
			if f.Scores[s] != f.Recorded[s] {
				f.Agrees = false
				v.Agrees = false
				v.Differences++
			}
		}
		players := min(max(g.Rules.Players, 3), len(f.Scores))
		f.Uma = umaView(g, f.Scores[:players], g.Final.Results)
		v.Final = f
	}
	return v
}

func nonNil(d []int) []int {
	if d == nil {
		return []int{}
	}
	return d
}

func reviewResult(g *Game, r Round, i int, opts *riichi.Options) (rv ResultView) {
	res := r.Results[i]
	rv = ResultView{Kind: res.Kind, Winner: seatPtr(res.Winner), From: seatPtr(res.From), Yaku: []YakuView{}, Agrees: true}
	if res.Pao >= 0 {
		rv.Pao = seatPtr(res.Pao)
	}
	rv.Recorded = RecordedView{Valued: res.Valued, Han: res.Han, Fu: res.Fu, Points: res.Points, Yaku: []YakuView{}, Deltas: nonNil(res.Deltas)}
	defer func() { rv.Deltas = nonNil(rv.Deltas) }()
	if res.Valued {
		rv.Recorded.Limit = res.Limit.String()
	}
	for _, y := range res.Yaku {
		id := ""
		if y.ID >= 0 {
			id = tenhouToMjref[y.ID]
		}
		rv.Recorded.Yaku = append(rv.Recorded.Yaku, YakuView{ID: id, Name: y.Name, Japanese: y.Japanese, Han: y.Han})
	}
	scored := res
	if res.Kind == Ron || res.Kind == Tsumo {
		sr, err := scoreWin(g, r, i, opts)
		if err != nil {
			rv.Note = err.Error()
		} else {
			scored.Han, scored.Fu, scored.Valued = sr.Han, sr.Fu, true
			scored.Yaku = nil
			for _, it := range sr.YakuList() {
				info := it.Yaku.Info()
				han := it.Han
				if it.Yakuman > 0 {
					han = 13 * it.Yakuman
				}
				rv.Yaku = append(rv.Yaku, YakuView{ID: info.ID, Name: info.Name, Japanese: info.Japanese, Han: han})
				scored.Yaku = append(scored.Yaku, Yaku{ID: -1, Han: han, Yakuman: it.Yakuman > 0})
				if it.Yakuman > 1 {
					for range it.Yakuman - 1 {
						scored.Yaku = append(scored.Yaku, Yaku{ID: -1, Yakuman: true})
					}
				}
			}
			if sr.Yakuman > 0 {
				scored.Han = 13 * sr.Yakuman
			}
			scored.Limit = limitFrom(sr.Pay.Limit)
		}
	}
	rr := r
	rr.Results = append([]Result(nil), r.Results...)
	rr.Results[i] = scored
	s, ok := settleUnder(rr, i, g.Rules.Players, opts)
	if !ok {
		if rv.Note == "" {
			rv.Note = "mjref cannot settle this result: " + unsettled(res)
		}
		rv.Deltas = res.Deltas
		return rv
	}
	rv.Han, rv.Fu, rv.Points, rv.Deltas, rv.Rule = scored.Han, scored.Fu, s.Points, s.Deltas, s.Rule
	if s.Limit != NoLimit {
		rv.Limit = s.Limit.String()
	}
	if res.Kind == DrawEnd || res.Kind == AbortEnd {
		rv.Han, rv.Fu, rv.Points = 0, 0, 0
	}
	diff := func(field string, seat, mine, theirs int) {
		rv.Agrees = false
		rv.Differences = append(rv.Differences, DiffView{Field: field, Seat: seatPtr(seat), Mjref: mine, Recorded: theirs})
	}
	if res.Valued && (res.Kind == Ron || res.Kind == Tsumo) {
		if rv.Han != res.Han {
			diff("han", -1, rv.Han, res.Han)
		}
		if res.Fu != 0 && rv.Fu != res.Fu && res.Limit < Yakuman {
			diff("fu", -1, rv.Fu, res.Fu)
		}
		if res.Points != 0 && rv.Points != res.Points {
			diff("points", -1, rv.Points, res.Points)
		}
	}
	for seat := range min(len(rv.Deltas), len(res.Deltas)) {
		if rv.Deltas[seat] != res.Deltas[seat] {
			diff("delta", seat, rv.Deltas[seat], res.Deltas[seat])
		}
	}
	return rv
}

func unsettled(res Result) string {
	if res.Draw == "nm" {
		return "nagashi mangan, whose seat the log does not name"
	}
	return "the log does not value the win and mjref could not score it"
}

// tenhouToMjref maps Tenhou's yaku ids to scoring/riichi's stable ids.
var tenhouToMjref = map[int]string{
	0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei",
	7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind", 11: "seat_wind", 12: "seat_wind", 13: "seat_wind",
	14: "prevailing_wind", 15: "prevailing_wind", 16: "prevailing_wind", 17: "prevailing_wind",
	18: "yakuhai_white", 19: "yakuhai_green", 20: "yakuhai_red", 21: "double_riichi", 22: "chiitoitsu",
	23: "chanta", 24: "ittsu", 25: "sanshoku", 26: "sanshoku_doukou", 27: "sankantsu", 28: "toitoi",
	29: "sanankou", 30: "shousangen", 31: "honroutou", 32: "ryanpeikou", 33: "junchan", 34: "honitsu",
	35: "chinitsu", 37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou", 41: "suuankou_tanki",
	42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren", 46: "junsei_chuuren", 47: "kokushi",
	48: "kokushi_13", 49: "daisuushii", 50: "shousuushii", 51: "suukantsu", 52: "dora", 53: "ura_dora", 54: "aka_dora",
}

// errNoHand is a win whose hand the log does not let mjref see.
var errNoHand = errors.New("the log does not show the winner's hand")

// scoreWin scores result i of r with scoring/riichi: the winner's tiles as the play leaves them,
// and the situation the events show (riichi, double riichi, ippatsu, rinshan, chankan, haitei,
// houtei, a first-turn win, dora revealed so far).
func scoreWin(g *Game, r Round, i int, opts *riichi.Options) (riichi.Result, error) {
	res := r.Results[i]
	if g.Rules.Players != 4 {
		return riichi.Result{}, errors.New("three-player hands are not scored by mjref yet (kita)")
	}
	concealed, melds, win, err := handAt(r, res)
	if err != nil {
		return riichi.Result{}, err
	}
	var h riichi.Hand
	for _, t := range concealed {
		h.Concealed[t.Kind]++
		if t.Red {
			h.Red[t.Kind/9]++
		}
	}
	for _, m := range melds {
		for _, t := range m.Tiles {
			if t.Red {
				h.Red[t.Kind/9]++
			}
		}
		low := m.Tiles[0].Kind
		for _, t := range m.Tiles {
			low = min(low, t.Kind)
		}
		kind := map[MeldKind]riichi.MeldKind{Chi: riichi.Chi, Pon: riichi.Pon, Daiminkan: riichi.OpenKan, Kakan: riichi.AddedKan, Ankan: riichi.ClosedKan}[m.Kind]
		if kind == 0 {
			return riichi.Result{}, fmt.Errorf("a %s is not scored by mjref yet", m.Kind)
		}
		h.Melds[h.NumMelds] = riichi.Meld{Kind: kind, Tile: riichi.Tile(low)}
		h.NumMelds++
	}
	h.Win = riichi.Tile(win.Kind)
	s := situation(r, res)
	for _, d := range s.dora {
		s.sit.Dora = append(s.sit.Dora, riichi.Tile(d.Kind))
	}
	if s.sit.Riichi {
		for _, u := range res.Ura {
			s.sit.Ura = append(s.sit.Ura, riichi.Tile(u.Kind))
		}
	}
	sr, err := riichi.Score(&h, &s.sit, opts)
	if err != nil {
		return riichi.Result{}, fmt.Errorf("mjref does not score the hand a win: %v", err)
	}
	return sr, nil
}

type situ struct {
	sit  riichi.Situation
	dora []Tile
}

// situation reads the situation of a win from the events before it.
func situation(r Round, res Result) situ {
	w := res.Winner
	var s situ
	s.sit.Seat = riichi.Wind((w - r.Dealer + 4) % 4)
	s.sit.Prevailing = riichi.Wind(r.Wind)
	s.dora = append(s.dora, r.Dora...)
	draws, calls := 0, 0
	riichiAt, discards := -1, 0 // the event index of the winner's riichi discard, the winner's discards
	firstDiscardRiichi := false
	sinceRiichi := 0 // calls and winner discards since the riichi discard
	lastKanByWinner := false
	var last Event
	for k, e := range r.Events {
		switch e.Kind {
		case Draw:
			draws++
		case DoraShown:
			s.dora = append(s.dora, e.Tile)
		case Call:
			calls++
			if riichiAt >= 0 {
				sinceRiichi++
			}
		case Discard:
			if e.Seat == w {
				discards++
				if riichiAt >= 0 {
					sinceRiichi++
				}
				if k > 0 && r.Events[k-1].Kind == Riichi && r.Events[k-1].Seat == w {
					riichiAt = k
					firstDiscardRiichi = discards == 1 && calls == 0
					sinceRiichi = 0
				}
			}
		}
		if e.Kind == Draw && e.Seat == w {
			lastKanByWinner = last.Kind == Call && last.Seat == w && last.Meld != nil && (last.Meld.Kind == Ankan || last.Meld.Kind == Daiminkan || last.Meld.Kind == Kakan)
		}
		if e.Kind != RiichiOK && e.Kind != DoraShown {
			last = e
		}
	}
	accepted := false
	for _, e := range r.Events {
		if e.Kind == RiichiOK && e.Seat == w {
			accepted = true
		}
	}
	if accepted || (riichiAt >= 0 && res.Kind == Tsumo) {
		s.sit.Riichi = true
		s.sit.DoubleRiichi = firstDiscardRiichi
		s.sit.Ippatsu = sinceRiichi == 0
	}
	wall := 70 // live tiles of a four-player wall: 136 - 52 dealt - 14 dead
	switch {
	case res.Kind == Tsumo && lastKanByWinner:
		s.sit.Win = riichi.WinRinshan
	case res.Kind == Tsumo && draws == wall:
		s.sit.Win = riichi.WinHaitei
	case res.Kind == Tsumo:
		s.sit.Win = riichi.WinTsumo
		s.sit.FirstTurn = calls == 0 && discards == 0 && !s.sit.Riichi
	case last.Kind == Call && last.Meld != nil && (last.Meld.Kind == Kakan || last.Meld.Kind == Ankan):
		s.sit.Win = riichi.WinChankan
	case draws == wall:
		s.sit.Win = riichi.WinHoutei
	default:
		s.sit.Win = riichi.WinRon
	}
	return s
}

// handAt returns the winner's concealed tiles (the winning tile included), its melds and the
// winning tile, from the result when the log records the hand (mjlog), else from the play.
func handAt(r Round, res Result) (concealed []Tile, melds []Meld, win Tile, err error) {
	if len(res.Hand) > 0 {
		return res.Hand, res.Melds, res.WinTile, nil
	}
	w := res.Winner
	if w < 0 || w >= len(r.Hands) {
		return nil, nil, Tile{}, errNoHand
	}
	hand := append([]Tile(nil), r.Hands[w]...)
	take := func(t Tile) bool {
		for j, x := range hand {
			if x.Kind == t.Kind && x.Red == t.Red && (t.ID < 0 || x.ID == t.ID) {
				hand = append(hand[:j], hand[j+1:]...)
				return true
			}
		}
		return false
	}
	var lastDiscard, lastDraw, lastKakan Tile = NoTile, NoTile, NoTile
	for _, e := range r.Events {
		switch e.Kind {
		case Draw:
			if e.Seat == w {
				if !e.Tile.Valid() {
					return nil, nil, Tile{}, errNoHand
				}
				hand = append(hand, e.Tile)
				lastDraw = e.Tile
			}
		case Discard:
			lastDiscard, lastKakan = e.Tile, NoTile
			if e.Seat == w && !take(e.Tile) {
				return nil, nil, Tile{}, errNoHand
			}
		case Call:
			m := *e.Meld
			if m.Kind == Kakan {
				lastKakan = m.Called
			}
			if e.Seat != w {
				continue
			}
			own := m.Tiles
			switch m.Kind {
			case Chi, Pon, Daiminkan:
				own = withoutOne(m.Tiles, m.Called)
			case Kakan, Kita:
				own = []Tile{m.Called}
			}
			for _, t := range own {
				if !take(t) {
					return nil, nil, Tile{}, errNoHand
				}
			}
			if m.Kind == Kakan {
				for j := range melds {
					if melds[j].Kind == Pon && melds[j].Tiles[0].Kind == m.Called.Kind {
						melds = append(melds[:j], melds[j+1:]...)
						break
					}
				}
			}
			if m.Kind != Kita {
				melds = append(melds, m)
			}
		}
	}
	for _, t := range hand {
		if !t.Valid() {
			return nil, nil, Tile{}, errNoHand
		}
	}
	switch {
	case res.Kind == Tsumo:
		win = lastDraw
	case lastKakan.Valid():
		win = lastKakan
		hand = append(hand, win)
	default:
		win = lastDiscard
		hand = append(hand, win)
	}
	if !win.Valid() {
		return nil, nil, Tile{}, errNoHand
	}
	return hand, melds, win, nil
}

func withoutOne(ts []Tile, x Tile) []Tile {
	out := make([]Tile, 0, len(ts))
	done := false
	for _, t := range ts {
		if !done && t.Kind == x.Kind && t.Red == x.Red && t.ID == x.ID {
			done = true
			continue
		}
		out = append(out, t)
	}
	return out
}
