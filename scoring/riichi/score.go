package riichi

import "math/bits"

// handInfo is what a hand's scoring needs that does not depend on the reading.
type handInfo struct {
	h       *Hand
	s       *Situation
	o       *Options
	all     Counts
	closed  bool
	tsumo   bool
	suits   uint8 // bit 0..2 m p s used, bit 3 honours
	simples bool  // no terminal or honour
	yaochu  bool  // only terminals and honours
	terms   bool  // only terminals
	honors  bool  // only honours
	green   bool  // only 2 3 4 6 8s and 6z
	chuuren int   // 0, 1 (nine gates) or 2 (9-sided)
	quads   int
	dora    int
	ura     int
	aka     int
	kita    int
}

var greenTiles = [NumKinds]bool{19: true, 20: true, 21: true, 23: true, 25: true, 32: true}

func (hi *handInfo) init(h *Hand, s *Situation, o *Options) {
	*hi = handInfo{h: h, s: s, o: o, all: h.AllTiles(), closed: h.Closed(), tsumo: s.Win.SelfDrawn()}
	hi.simples, hi.yaochu, hi.terms, hi.honors, hi.green = true, true, true, true, true
	for t := Tile(0); t < NumKinds; t++ {
		if hi.all[t] == 0 {
			continue
		}
		hi.suits |= 1 << t.Suit()
		if t.Yaochu() {
			hi.simples = false
		} else {
			hi.yaochu = false
		}
		if !t.Terminal() {
			hi.terms = false
		}
		if !t.Honor() {
			hi.honors = false
		}
		if !greenTiles[t] {
			hi.green = false
		}
	}
	for i := 0; i < h.NumMelds; i++ {
		if h.Melds[i].Quad() {
			hi.quads++
		}
	}
	if h.NumMelds == 0 && (hi.suits == 1 || hi.suits == 2 || hi.suits == 4) {
		base := Tile(9 * bits.TrailingZeros8(hi.suits)) // the one suit's first tile: its bit is its index
		ok := hi.all[base] >= 3 && hi.all[base+8] >= 3
		for r := Tile(1); r < 8 && ok; r++ {
			ok = hi.all[base+r] >= 1
		}
		if ok {
			hi.chuuren = 1
			w := h.Win - base
			need := uint8(1)
			if w == 0 || w == 8 {
				need = 3
			}
			if h.Win/9*9 == base && hi.all[h.Win] == need+1 {
				hi.chuuren = 2
			}
		}
	}
	sanma := o.Players == 3
	doraOf := func(d Tile) Tile {
		if sanma && d == 0 {
			return 8 // with three players a 1m indicator shows 9m
		}
		return d.DoraAfter()
	}
	for _, d := range s.Dora {
		t := doraOf(d)
		hi.dora += int(hi.all[t])
		if t == North {
			hi.dora += s.Kita // a kita is a north: a dora when north is
		}
	}
	if s.Riichi || s.DoubleRiichi {
		for _, d := range s.Ura {
			t := doraOf(d)
			hi.ura += int(hi.all[t])
			if t == North {
				hi.ura += s.Kita
			}
		}
	}
	hi.kita = s.Kita
	if o.RedFives > 0 {
		hi.aka = int(h.Red[0]) + int(h.Red[1]) + int(h.Red[2])
	}
}

func (hi *handInfo) flush() (honitsu, chinitsu bool) {
	s := hi.suits & 7
	one := s == 1 || s == 2 || s == 4
	return one && hi.suits&8 != 0, one && hi.suits&8 == 0
}

// Score returns the best reading of a complete hand: the most points, then the most han, then the most fu.
// It returns ErrNotComplete if no reading exists, ErrNoYaku (with the best reading filled in) if no reading
// has a yaku, and an *InputError for a hand or situation that cannot be.
func Score(h *Hand, s *Situation, o *Options) (Result, error) {
	var c collector
	if err := readings(h, s, o, &c); err != nil {
		return c.best, err
	}
	if !c.found {
		return c.best, ErrNotComplete
	}
	if c.best.YakuHan == 0 && c.best.Yakuman == 0 {
		return c.best, ErrNoYaku
	}
	return c.best, nil
}

// Readings appends every reading of the hand to dst, best first, and returns it. The errors are Score's.
func Readings(h *Hand, s *Situation, o *Options, dst []Result) ([]Result, error) {
	start := len(dst)
	c := collector{all: &dst}
	if err := readings(h, s, o, &c); err != nil {
		return dst, err
	}
	out := dst[start:]
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && better(&out[j], &out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	if len(out) == 0 {
		return dst, ErrNotComplete
	}
	if out[0].YakuHan == 0 && out[0].Yakuman == 0 {
		return dst, ErrNoYaku
	}
	return dst, nil
}

// collector keeps the best reading and, for Readings, every reading.
type collector struct {
	best  Result
	found bool
	all   *[]Result
}

func (c *collector) emit(r *Result) {
	if c.all != nil {
		*c.all = append(*c.all, *r)
		return
	}
	if !c.found || better(r, &c.best) {
		c.best = *r
		c.found = true
	}
}

// better orders readings: a win over no yaku, then points, han, fu.
func better(a, b *Result) bool {
	aw, bw := a.YakuHan > 0 || a.Yakuman > 0, b.YakuHan > 0 || b.Yakuman > 0
	if aw != bw {
		return aw
	}
	if a.Pay.Basic != b.Pay.Basic {
		return a.Pay.Basic > b.Pay.Basic
	}
	if a.Han != b.Han {
		return a.Han > b.Han
	}
	return a.Fu > b.Fu
}

func readings(h *Hand, s *Situation, o *Options, c *collector) error {
	if err := check(h, s, o); err != nil {
		return err
	}
	var hi handInfo
	hi.init(h, s, o)
	var r Result
	if h.NumMelds == 0 && orphans(&h.Concealed) {
		r = Result{}
		hi.orphans(&r)
		c.emit(&r)
		return nil
	}
	if h.NumMelds == 0 && sevenPairs(&h.Concealed) {
		r = Result{}
		hi.sevenPairs(&r)
		c.emit(&r)
	}
	var d decomposer
	d.run(h.Concealed)
	for i := 0; i < d.n; i++ {
		dc := &d.out[i]
		// The winning tile as the pair.
		if dc.pair == h.Win {
			hi.standard(&r, dc, -1, Tanki)
			c.emit(&r)
		}
		for j := 0; j < dc.n; j++ {
			st := dc.sets[j]
			if j > 0 && st == dc.sets[j-1] {
				continue // the same set twice: the same reading
			}
			var w Wait
			switch {
			case !st.seq && st.tile == h.Win:
				w = Shanpon
			case st.seq && st.tile == h.Win:
				w = Ryanmen
				if st.tile%9 == 6 {
					w = Penchan
				}
			case st.seq && st.tile+1 == h.Win:
				w = Kanchan
			case st.seq && st.tile+2 == h.Win:
				w = Ryanmen
				if st.tile%9 == 0 {
					w = Penchan
				}
			default:
				continue
			}
			hi.standard(&r, dc, j, w)
			c.emit(&r)
		}
	}
	return nil
}

// situational adds the yaku of the situation (riichi, ippatsu, menzen tsumo, how the tile came).
func (hi *handInfo) situational(r *Result) {
	s := hi.s
	switch {
	case s.DoubleRiichi:
		r.add(DoubleRiichi, 2)
	case s.Riichi:
		r.add(Riichi, 1)
	}
	if s.Ippatsu {
		r.add(Ippatsu, 1)
	}
	if hi.closed && hi.tsumo {
		r.add(MenzenTsumo, 1)
	}
	switch s.Win {
	case WinRinshan:
		r.add(Rinshan, 1)
	case WinChankan:
		r.add(Chankan, 1)
	case WinHaitei:
		r.add(Haitei, 1)
	case WinHoutei:
		r.add(Houtei, 1)
	}
}

func (hi *handInfo) firstTurn(r *Result) {
	if hi.s.FirstTurn {
		if hi.s.Dealer() {
			r.addYakuman(Tenhou, 1)
		} else {
			r.addYakuman(Chiihou, 1)
		}
	}
}

func (hi *handInfo) orphans(r *Result) {
	h := hi.h
	r.Shape = Orphans
	r.Wait = Tanki
	hi.firstTurn(r)
	if h.Concealed[h.Win] == 2 {
		r.Wait = Thirteen
		r.addYakuman(Kokushi13, 2)
	} else {
		r.addYakuman(Kokushi, 1)
	}
	hi.finish(r)
}

func (hi *handInfo) sevenPairs(r *Result) {
	h := hi.h
	r.Shape = SevenPairs
	r.Wait = Tanki
	for t := Tile(0); t < NumKinds; t++ {
		if h.Concealed[t] == 2 {
			if t == h.Win {
				r.WinGroup = r.NumGroups
			}
			r.Groups[r.NumGroups] = Group{Kind: Pair, Tile: t}
			r.NumGroups++
		}
	}
	hi.firstTurn(r)
	if hi.honors {
		r.addYakuman(Tsuuiisou, 1)
	}
	if r.NumItems > 0 {
		hi.finish(r)
		return
	}
	hi.situational(r)
	r.add(Chiitoitsu, 2)
	if hi.simples && (hi.closed || hi.o.OpenTanyao) {
		r.add(Tanyao, 1)
	}
	if hi.yaochu {
		r.add(Honroutou, 2)
	}
	honitsu, chinitsu := hi.flush()
	if chinitsu {
		r.add(Chinitsu, 6)
	} else if honitsu {
		r.add(Honitsu, 3)
	}
	r.addFu(FuChiitoitsu, 25, Group{})
	hi.finish(r)
}

// standard scores one reading: decomposition dc with the winning tile in set win (-1: the pair) as wait w.
func (hi *handInfo) standard(r *Result, dc *decomp, win int, w Wait) {
	*r = Result{Shape: Standard, Wait: w}
	h, s, o := hi.h, hi.s, hi.o
	ron := !hi.tsumo
	r.Groups[0] = Group{Kind: Pair, Tile: dc.pair}
	r.NumGroups = 1
	r.WinGroup = 0
	for j := 0; j < dc.n; j++ {
		st := dc.sets[j]
		g := Group{Kind: Triplet, Tile: st.tile}
		if st.seq {
			g.Kind = Sequence
		}
		if j == win {
			r.WinGroup = r.NumGroups
			if ron && !st.seq {
				g.Open = true // a triplet completed by ron counts as open
			}
		}
		r.Groups[r.NumGroups] = g
		r.NumGroups++
	}
	for i := 0; i < h.NumMelds; i++ {
		m := h.Melds[i]
		g := Group{Tile: m.Tile, Open: m.Open(), Meld: true}
		switch {
		case m.Kind == Chi:
			g.Kind = Sequence
		case m.Quad():
			g.Kind = Quad
		default:
			g.Kind = Triplet
		}
		r.Groups[r.NumGroups] = g
		r.NumGroups++
	}

	// Count what the yaku need.
	var (
		seqs        [4]Tile
		nseq        int
		trips       int // triplets and quads
		concealed   int // concealed triplets and quads
		dragonTrips int
		windTrips   int
		tripRank    [10]uint8 // bit per suit of triplets by rank
		seqBySuit   [3]uint16 // bit per start rank
		outside     = true    // every group holds a terminal or honour
	)
	for i := 1; i < r.NumGroups; i++ {
		g := r.Groups[i]
		if g.Kind == Sequence {
			seqs[nseq] = g.Tile
			nseq++
			seqBySuit[g.Tile.Suit()] |= 1 << (g.Tile % 9)
			if g.Tile%9 != 0 && g.Tile%9 != 6 {
				outside = false
			}
			continue
		}
		trips++
		if !g.Open {
			concealed++
		}
		if !g.Tile.Yaochu() {
			outside = false
		}
		if g.Tile.Honor() {
			if g.Tile.Dragon() {
				dragonTrips++
			} else {
				windTrips++
			}
		} else {
			tripRank[g.Tile.Rank()] |= 1 << g.Tile.Suit()
		}
	}
	pair := dc.pair
	if !pair.Yaochu() {
		outside = false
	}

	// Yakuman.
	hi.firstTurn(r)
	if concealed == 4 {
		if w == Tanki {
			r.addYakuman(SuuankouTanki, 2)
		} else {
			r.addYakuman(Suuankou, 1)
		}
	}
	if dragonTrips == 3 {
		r.addYakuman(Daisangen, 1)
	}
	if windTrips == 4 {
		r.addYakuman(Daisuushii, 2)
	} else if windTrips == 3 && pair.Wind() {
		r.addYakuman(Shousuushii, 1)
	}
	if hi.honors {
		r.addYakuman(Tsuuiisou, 1)
	}
	if hi.green {
		r.addYakuman(Ryuuiisou, 1)
	}
	if hi.terms {
		r.addYakuman(Chinroutou, 1)
	}
	switch hi.chuuren {
	case 1:
		r.addYakuman(Chuuren, 1)
	case 2:
		r.addYakuman(JunseiChuuren, 2)
	}
	if hi.quads == 4 {
		r.addYakuman(Suukantsu, 1)
	}
	if r.NumItems > 0 {
		hi.finish(r)
		return
	}

	closed := hi.closed
	han := func(y Yaku) int {
		if closed {
			return Yakus[y].Closed
		}
		return Yakus[y].Open
	}
	hi.situational(r)

	seat, prev := s.Seat.Tile(), s.Prevailing.Tile()
	pinfu := closed && nseq == 4 && w == Ryanmen && !pair.Dragon() && pair != seat && pair != prev
	if pinfu {
		r.add(Pinfu, 1)
	}
	if hi.simples && (closed || o.OpenTanyao) {
		r.add(Tanyao, 1)
	}
	if closed {
		// Identical sequences: two pairs of them are ryanpeikou, one is iipeikou.
		dup := 0
		used := [4]bool{}
		for a := 0; a < nseq; a++ {
			for b := a + 1; b < nseq; b++ {
				if !used[a] && !used[b] && seqs[a] == seqs[b] {
					used[a], used[b] = true, true
					dup++
				}
			}
		}
		if dup == 2 {
			r.add(Ryanpeikou, 3)
		} else if dup == 1 {
			r.add(Iipeikou, 1)
		}
	}
	for i := 1; i < r.NumGroups; i++ {
		g := r.Groups[i]
		if g.Kind == Sequence || !g.Tile.Honor() {
			continue
		}
		switch g.Tile {
		case White:
			r.add(YakuhaiWhite, 1)
		case Green:
			r.add(YakuhaiGreen, 1)
		case Red:
			r.add(YakuhaiRed, 1)
		}
		if g.Tile == seat {
			r.add(SeatWind, 1)
		}
		if g.Tile == prev {
			r.add(PrevailingWind, 1)
		}
	}
	if dragonTrips == 2 && pair.Dragon() {
		r.add(Shousangen, 2)
	}
	if seqBySuit[0]&seqBySuit[1]&seqBySuit[2] != 0 {
		r.add(Sanshoku, han(Sanshoku))
	}
	for su := 0; su < 3; su++ {
		if seqBySuit[su]&0b1001001 == 0b1001001 {
			r.add(Ittsu, han(Ittsu))
		}
	}
	for rank := 1; rank <= 9; rank++ {
		if tripRank[rank] == 7 {
			r.add(SanshokuDoukou, 2)
		}
	}
	if hi.quads == 3 {
		r.add(Sankantsu, 2)
	}
	if trips == 4 {
		r.add(Toitoi, 2)
	}
	if concealed == 3 {
		r.add(Sanankou, 2)
	}
	if hi.yaochu {
		r.add(Honroutou, 2)
	} else if outside && nseq > 0 {
		if hi.suits&8 == 0 {
			r.add(Junchan, han(Junchan))
		} else {
			r.add(Chanta, han(Chanta))
		}
	}
	honitsu, chinitsu := hi.flush()
	if chinitsu {
		r.add(Chinitsu, han(Chinitsu))
	} else if honitsu {
		r.add(Honitsu, han(Honitsu))
	}

	// Fu.
	switch {
	case pinfu && hi.tsumo:
		r.addFu(FuPinfuTsumo, 20, Group{})
	default:
		r.addFu(FuBase, 20, Group{})
		if closed && ron {
			r.addFu(FuMenzenRon, 10, Group{})
		}
		if pinfu {
			break
		}
		if hi.tsumo {
			r.addFu(FuTsumo, 2, Group{})
		}
		for i := 1; i < r.NumGroups; i++ {
			g := r.Groups[i]
			if g.Kind == Sequence {
				continue
			}
			f := 2
			if g.Tile.Yaochu() {
				f *= 2
			}
			if !g.Open {
				f *= 2
			}
			if g.Kind == Quad {
				f *= 4
			}
			r.addFu(FuSet, f, g)
		}
		if w == Kanchan || w == Penchan || w == Tanki {
			r.addFu(FuWait, 2, r.Groups[r.WinGroup])
		}
		pf := 0
		if pair.Dragon() {
			pf = 2
		}
		switch {
		case pair == seat && pair == prev:
			pf += o.DoubleWindPairFu
		case pair == seat || pair == prev:
			pf += 2
		}
		if pf > 0 {
			r.addFu(FuPair, pf, r.Groups[0])
		}
		if !closed && r.RawFu == 20 {
			r.addFu(FuOpenPinfu, 10, Group{})
		}
	}
	hi.finish(r)
}

// finish adds dora, totals han and fu, and prices the result.
func (hi *handInfo) finish(r *Result) {
	r.Dealer = hi.s.Dealer()
	r.Tsumo = hi.tsumo
	for i := 0; i < r.NumItems; i++ {
		it := r.Items[i]
		r.YakuHan += it.Han
		if it.Yakuman > 0 {
			u := it.Yakuman
			if !hi.o.DoubleYakuman {
				u = 1
				r.Items[i].Yakuman = 1 // the item shows what it counts
			}
			if hi.o.StackYakuman {
				r.Yakuman += u
			} else if u > r.Yakuman {
				r.Yakuman = u
			}
		}
	}
	if r.Yakuman > 0 {
		r.YakuHan = 0
		r.Fu = 0
		r.Pay = Value(0, 0, r.Yakuman, r.Dealer, hi.o)
		return
	}
	r.Dora, r.Ura, r.Aka = hi.dora, hi.ura, hi.aka
	r.Han = r.YakuHan
	if r.YakuHan > 0 {
		if hi.dora > 0 {
			r.add(Dora, hi.dora)
		}
		if hi.ura > 0 {
			r.add(UraDora, hi.ura)
		}
		if hi.aka > 0 {
			r.add(AkaDora, hi.aka)
		}
		if hi.kita > 0 {
			r.add(Kita, hi.kita)
		}
		r.Han += hi.dora + hi.ura + hi.aka + hi.kita
	}
	if r.Shape == SevenPairs {
		r.Fu = 25
	} else {
		r.Fu = (r.RawFu + 9) / 10 * 10
	}
	if r.YakuHan == 0 {
		return
	}
	r.Pay = Value(r.Han, r.Fu, 0, r.Dealer, hi.o)
}

// Value prices han and fu (or yakuman units, if yakuman > 0) for a dealer or a non-dealer under o's limits.
func Value(han, fu, yakuman int, dealer bool, o *Options) Payment {
	var p Payment
	switch {
	case yakuman > 0:
		p.Limit, p.Basic = YakumanLimit, 8000*yakuman
	case han >= 13 && o.KazoeYakuman:
		p.Limit, p.Basic = KazoeYakuman, 8000
	case han >= 11:
		p.Limit, p.Basic = Sanbaiman, 6000
	case han >= 8:
		p.Limit, p.Basic = Baiman, 4000
	case han >= 6:
		p.Limit, p.Basic = Haneman, 3000
	case han >= 5:
		p.Limit, p.Basic = Mangan, 2000
	default:
		b := fu << (han + 2)
		if b >= 2000 || (o.KiriageMangan && b == 1920) {
			p.Limit, b = Mangan, 2000
		}
		p.Basic = b
	}
	b := p.Basic
	if dealer {
		p.Ron = up100(6 * b)
		p.TsumoOther = up100(2 * b)
		p.TsumoTotal = 3 * p.TsumoOther
	} else {
		p.Ron = up100(4 * b)
		p.TsumoDealer = up100(2 * b)
		p.TsumoOther = up100(b)
		p.TsumoTotal = p.TsumoDealer + 2*p.TsumoOther
	}
	if o.Players == 3 {
		// Two payers: with tsumo loss the absent North's share is nobody's; without it each
		// payer takes half of it too.
		extra := 0
		if !o.TsumoLoss {
			extra = up100(p.TsumoOther / 2)
		}
		p.TsumoOther += extra
		if dealer {
			p.TsumoTotal = 2 * p.TsumoOther
		} else {
			p.TsumoDealer += extra
			p.TsumoTotal = p.TsumoDealer + p.TsumoOther
		}
	}
	return p
}

func up100(n int) int { return (n + 99) / 100 * 100 }
