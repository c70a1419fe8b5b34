package riichi

import (
	"errors"
	"testing"

	"pgregory.net/rapid"
)

// drawClosed draws a closed winning hand: four sets (sequences and triplets) and a pair within the
// four-copies limit, won on one of its tiles.
func drawClosed(t *rapid.T) Hand {
	for {
		var h Hand
		for range 4 {
			if rapid.Bool().Draw(t, "sequence") {
				suit, low := rapid.IntRange(0, 2).Draw(t, "suit"), rapid.IntRange(0, 6).Draw(t, "low")
				for i := range 3 {
					h.Concealed[suit*9+low+i]++
				}
			} else {
				h.Concealed[rapid.IntRange(0, NumKinds-1).Draw(t, "triplet")] += 3
			}
		}
		h.Concealed[rapid.IntRange(0, NumKinds-1).Draw(t, "pair")] += 2
		fits := true
		var held []Tile
		for k, n := range h.Concealed {
			fits = fits && n <= 4
			if n > 0 {
				held = append(held, Tile(k))
			}
		}
		if fits {
			h.Win = rapid.SampledFrom(held).Draw(t, "win")
			return h
		}
	}
}

// TestRapidMoreIsNotLess: what a win adds never lowers what it pays. Riichi is a yaku of its own,
// so a closed complete hand with riichi always wins; riichi, ippatsu and another dora indicator
// each pay at least as much as the hand without them; and a dora indicator adds exactly the
// hand's copies of the tile it shows.
func TestRapidMoreIsNotLess(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := drawClosed(t)
		o := TenhouOptions()
		s := Situation{
			Win:        rapid.SampledFrom([]WinKind{WinRon, WinTsumo}).Draw(t, "win"),
			Seat:       Wind(rapid.IntRange(0, 3).Draw(t, "seat")),
			Prevailing: Wind(rapid.IntRange(0, 1).Draw(t, "prevailing")),
		}
		points := func(s Situation) (int, Result) {
			r, err := Score(&h, &s, &o)
			switch {
			case errors.Is(err, ErrNoYaku):
				return 0, r
			case err != nil:
				t.Fatalf("%v: %v", s, err)
			}
			return r.Points(), r
		}
		base, _ := points(s)
		withRiichi := s
		withRiichi.Riichi = true
		rp, rr := points(withRiichi)
		if rp == 0 || rp < base {
			t.Fatalf("riichi pays %d (%s), without it %d", rp, rr.String(), base)
		}
		ippatsu := withRiichi
		ippatsu.Ippatsu = true
		if ip, ir := points(ippatsu); ip < rp {
			t.Fatalf("ippatsu pays %d (%s), riichi alone %d", ip, ir.String(), rp)
		}
		more := withRiichi
		ind := Tile(rapid.IntRange(0, NumKinds-1).Draw(t, "indicator"))
		more.Dora = append(append([]Tile(nil), withRiichi.Dora...), ind)
		mp, mr := points(more)
		if mp < rp {
			t.Fatalf("another dora indicator %s pays %d (%s), without it %d", ind, mp, mr.String(), rp)
		}
		if mr.Yakuman == 0 && mr.Dora != rr.Dora+int(h.Concealed[ind.DoraAfter()]) {
			t.Fatalf("indicator %s: dora %d, want %d + %d", ind, mr.Dora, rr.Dora, h.Concealed[ind.DoraAfter()])
		}
	})
}
