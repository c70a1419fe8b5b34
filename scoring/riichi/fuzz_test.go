package riichi

import (
	"testing"
)

// fuzzInput reads a hand, a situation and the options from fuzz bytes: the options (Tenhou's,
// Mahjong Soul's, three-player, or Tenhou's with kiriage and no red fives), the melds, the
// concealed tiles, the winning tile, red fives, and the situation. A byte the input runs out of
// reads as 0. Bytes that cannot be a hand are left for check to refuse.
func fuzzInput(data []byte) (Hand, Situation, Options) {
	at := 0
	next := func() byte {
		if at >= len(data) {
			return 0
		}
		at++
		return data[at-1]
	}
	var o Options
	switch next() % 4 {
	case 0:
		o = TenhouOptions()
	case 1:
		o = MajsoulOptions()
	case 2:
		o = SanmaOptions()
	default:
		o = TenhouOptions()
		o.KiriageMangan, o.RedFives, o.KazoeYakuman = true, 0, false
	}
	var h Hand
	h.NumMelds = int(next() % 5)
	for i := 0; i < h.NumMelds; i++ {
		h.Melds[i] = Meld{Kind: MeldKind(next() % 7), Tile: Tile(next() % 36)}
	}
	for range 14 - 3*h.NumMelds {
		h.Concealed[next()%NumKinds]++
	}
	h.Win = Tile(next() % 36)
	if h.Win < NumKinds && h.Concealed[h.Win] == 0 {
		h.Win = 0 // most wins should be on a tile of the hand
		for h.Concealed[h.Win] == 0 {
			h.Win++
		}
	}
	for i := range h.Red {
		h.Red[i] = next() % 3
	}
	flags := next()
	s := Situation{
		Win:          WinKind(next() % 7),
		Riichi:       flags&1 != 0,
		DoubleRiichi: flags&2 != 0,
		Ippatsu:      flags&4 != 0,
		FirstTurn:    flags&8 != 0,
		Seat:         Wind(next() % 5),
		Prevailing:   Wind(next() % 5),
		Kita:         int(next() % 6),
	}
	for range next() % 6 {
		s.Dora = append(s.Dora, Tile(next()%NumKinds))
	}
	for range next() % 6 {
		s.Ura = append(s.Ura, Tile(next()%NumKinds))
	}
	return h, s, o
}

// FuzzScore scores whatever hands and situations the bytes make. Score must not panic; what it
// refuses it refuses with an error; a hand it scores has a yaku, points that are whole hundreds and
// at least a 1-han hand's, payments for the way it was won, and the same score a second time.
func FuzzScore(f *testing.F) {
	f.Add([]byte{0, 0, 2, 2, 2, 4, 4, 4, 4, 5, 6, 6, 6, 6, 7, 7, 6, 0, 0, 0, 0, 1, 1, 0})       // 3335555677788m+7m: once panicked
	f.Add([]byte{0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 4, 4, 0, 0, 0, 0, 1, 1, 1})       // nine gates
	f.Add([]byte{1, 1, 2, 27, 0, 1, 2, 9, 10, 11, 18, 19, 20, 31, 31, 31, 0, 0, 0, 0, 0, 0, 0}) // a pon of east
	f.Add([]byte{2, 0, 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 33, 33, 0, 0, 0, 0, 1, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		h, s, o := fuzzInput(data)
		r, err := Score(&h, &s, &o)
		if err != nil {
			return
		}
		if r.YakuHan == 0 && r.Yakuman == 0 {
			t.Fatalf("scored without a yaku: %s", r.String())
		}
		if r.Yakuman == 0 && (r.Han < 1 || (r.Fu < 20 && r.Pay.Limit == 0)) {
			t.Fatalf("han %d fu %d without a limit: %s", r.Han, r.Fu, r.String())
		}
		p := r.Points()
		if p < 800 || p%100 != 0 {
			t.Fatalf("points %d: %s", p, r.String())
		}
		if r.Tsumo != s.Win.SelfDrawn() {
			t.Fatalf("tsumo %v for a %s win", r.Tsumo, s.Win)
		}
		if r.Tsumo && r.Pay.TsumoOther <= 0 || !r.Tsumo && r.Pay.Ron <= 0 {
			t.Fatalf("payments %+v for a %s win", r.Pay, s.Win)
		}
		again, err := Score(&h, &s, &o)
		if err != nil || again != r {
			t.Fatalf("scored twice: %v then %v (%v)", r.String(), again.String(), err)
		}
	})
}
