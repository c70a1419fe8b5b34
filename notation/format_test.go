package notation

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// FormatWith, written by appending into one buffer, writes what the string-joining version did, for
// hands with melds (jokers and claim marks included), bonus tiles (boosted, the plain flower), no
// winning tile, and white dragons under ZeroIsWhite.
func TestRapidFormatMatchesNaive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := genHand(t)
		for i := range h.Melds {
			if m := &h.Melds[i]; m.Kind != Chow && !m.Concealed {
				m.Jokers = uint8(rapid.IntRange(0, m.Size()-1).Draw(t, "jokers"))
			}
		}
		if rapid.IntRange(0, 4).Draw(t, "flower") == 0 {
			h.Bonus = append(h.Bonus, BonusTile{Tile: Flower, Boosted: rapid.Bool().Draw(t, "boost")})
		}
		if rapid.IntRange(0, 4).Draw(t, "nowin") == 0 {
			h.Win = NoTile
		}
		for _, opt := range []Options{{}, {ZeroIsWhite: true}} {
			if got, want := FormatWith(h, opt), naiveFormatWith(h, opt); got != want {
				t.Fatalf("FormatWith(%+v) = %q, want %q", opt, got, want)
			}
		}
		for _, m := range h.Melds {
			if got, want := m.String(), naiveMeldString(m); got != want {
				t.Fatalf("Meld.String() = %q, want %q", got, want)
			}
		}
	})
}

func naiveFormatTiles(ts []Tile) string {
	var b strings.Builder
	for i, t := range ts {
		switch {
		case t == Flower || t == Joker:
			b.WriteString(t.String())
			continue
		case !t.Valid():
			b.WriteByte('?')
			continue
		}
		b.WriteByte(byte('0' + t.Num()))
		if i+1 == len(ts) || ts[i+1].Suit() != t.Suit() || ts[i+1] == Flower {
			b.WriteByte(t.Suit().Letter())
		}
	}
	return b.String()
}

func naiveMeldString(m Meld) string {
	var b strings.Builder
	if m.Concealed {
		b.WriteByte('(')
	} else {
		b.WriteByte('[')
	}
	b.WriteString(naiveFormatTiles(m.Tiles()))
	if m.From != NoSeat {
		b.WriteByte('@')
		b.WriteString(m.From.String())
	}
	if m.Concealed {
		b.WriteByte(')')
	} else {
		b.WriteByte(']')
	}
	return b.String()
}

// naiveFormatWith is FormatWith as it was first written, joining strings.
func naiveFormatWith(h Hand, opt Options) string {
	var parts []string
	c := h.Concealed
	if opt.ZeroIsWhite && c[White] > 0 {
		zeros := strings.Repeat("0", int(c[White]))
		c[White] = 0
		rest := h
		rest.Concealed, rest.Melds, rest.Bonus = c, nil, nil
		switch {
		case c.Total() == 0:
			parts = append(parts, zeros)
		case h.Win == White:
			parts = append(parts, naiveFormatTiles(c.Tiles())+" "+zeros)
		default:
			parts = append(parts, zeros+" "+naiveFormatWith(rest, Options{}))
		}
	} else if c.Total() > 0 {
		ts := c.Tiles()
		s := naiveFormatTiles(ts)
		if h.Win != NoTile && c[h.Win] > 0 && ts[len(ts)-1] != h.Win {
			c[h.Win]--
			s = naiveFormatTiles(c.Tiles()) + "+" + h.Win.String()
		}
		parts = append(parts, s)
	}
	for _, m := range h.Melds {
		parts = append(parts, naiveMeldString(m))
	}
	if len(h.Bonus) > 0 {
		var plain []Tile
		var b strings.Builder
		for _, bt := range h.Bonus {
			if !bt.Boosted && bt.Tile != Flower {
				plain = append(plain, bt.Tile)
			}
		}
		b.WriteString(naiveFormatTiles(plain))
		for _, bt := range h.Bonus {
			if bt.Boosted || bt.Tile == Flower {
				b.WriteString(bt.String())
			}
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, " ")
}

// appendConcealedByList is appendConcealed as it was written before it wrote the playing tiles
// straight from the counts: the tiles listed in order, one copy of the winning tile taken out.
func appendConcealedByList(b []byte, c Counts, win Tile) []byte {
	var arr [32]Tile
	ts := c.appendTiles(arr[:0])
	if win == NoTile || c[win] == 0 || ts[len(ts)-1] == win {
		return AppendTiles(b, ts)
	}
	i := slices.Index(ts, win)
	ts = append(ts[:i], ts[i+1:]...)
	b = AppendTiles(b, ts)
	return append(append(b, '+'), win.String()...)
}

// TestAppendConcealedIsByList: the concealed tiles are written as listing them wrote them, for
// random counts of playing tiles, jokers and bonus tiles, with the winning tile held, not held,
// the last or none.
func TestAppendConcealedIsByList(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 15))
	for range 20000 {
		var c Counts
		top := Red
		if r.IntN(4) == 0 {
			top = Joker
		}
		for range 1 + r.IntN(18) {
			c[1+Tile(r.IntN(int(top)))]++
		}
		win := Tile(r.IntN(int(Joker) + 1))
		if r.IntN(2) == 0 {
			ts := c.Tiles()
			win = ts[r.IntN(len(ts))]
		}
		got, want := appendConcealed([]byte("x"), c, win), appendConcealedByList([]byte("x"), c, win)
		if !bytes.Equal(got, want) {
			t.Fatalf("tiles %v, win %v: %s, want %s", c.Tiles(), win, got, want)
		}
	}
}

// Total is the sum of the counts, a count at a time, for any counts: every tile's, the last
// tiles past the eight-count words, and counts of 255.
func TestRapidTotal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var c Counts
		for i := range c {
			switch rapid.IntRange(0, 3).Draw(t, "kind") {
			case 1:
				c[i] = uint8(rapid.IntRange(0, 4).Draw(t, "n"))
			case 2:
				c[i] = uint8(rapid.IntRange(0, 255).Draw(t, "n"))
			case 3:
				c[i] = 255
			}
		}
		want := 0
		for _, v := range c {
			want += int(v)
		}
		if got := c.Total(); got != want {
			t.Fatalf("Total(%v) = %d, want %d", c, got, want)
		}
	})
	var full Counts
	for i := range full {
		full[i] = 255
	}
	if got := full.Total(); got != 255*NumTiles {
		t.Errorf("every count 255: Total = %d, want %d", got, 255*NumTiles)
	}
}
