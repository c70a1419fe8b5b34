package notation

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

func tiles(s string) []Tile {
	ts, err := ParseTiles(s)
	if err != nil {
		panic(err)
	}
	return ts
}

func TestParseFormat(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		canonical string
		concealed string // tiles in order
		melds     []Meld
		bonus     []BonusTile
		win       Tile
		red       [3]uint8
	}{
		{name: "plain", in: "123m456p789s11z", canonical: "123m456p789s11z", concealed: "123m456p789s11z", win: East},
		{name: "tenhou string", in: "123m456p789s1122z", canonical: "123m456p789s1122z", concealed: "123m456p789s1122z", win: South},
		{name: "spaces are free", in: " 123m 456p\t789s , 11z ", canonical: "123m456p789s11z", concealed: "123m456p789s11z", win: East},
		{name: "unsorted input", in: "11z987s654p321m", canonical: "23m456p789s11z+1m", concealed: "123m456p789s11z", win: M1},
		{name: "exposed pong", in: "123m456p789s11z [555p]", canonical: "123m456p789s11z [555p]", concealed: "123m456p789s11z",
			melds: []Meld{{Kind: Pong, Tile: P1 + 4, From: NoSeat}}, win: East},
		{name: "win tile with plus", in: "123m456p789s555p1z+1z", canonical: "123m455556p789s11z", concealed: "123m455556p789s11z", win: East},
		{name: "win tile not last", in: "123m456p789s11z+5p", canonical: "123m456p789s11z+5p", concealed: "123m4556p789s11z", win: P1 + 4},
		{name: "chow and kong", in: "11z [123s] [5555p] (7777s) 456m", canonical: "45m11z+6m [5555p] [123s] (7777s)",
			concealed: "456m11z", melds: []Meld{{Kind: Kong, Tile: P1 + 4, From: NoSeat}, {Kind: Chow, Tile: S1, From: NoSeat}, {Kind: Kong, Tile: S1 + 6, Concealed: true, From: NoSeat}}, win: M1 + 5},
		{name: "chow written out of order", in: "[312s]", canonical: "[123s]", melds: []Meld{{Kind: Chow, Tile: S1, From: NoSeat}}},
		{name: "seat mark", in: "[555p@W] 11z", canonical: "11z [555p@W]", concealed: "11z", melds: []Meld{{Kind: Pong, Tile: P1 + 4, From: SeatWest}}, win: East},
		{name: "joker exposures", in: "[2m2m2mJ] [33mJ]", canonical: "[222mJ] [33mJ]",
			melds: []Meld{{Kind: Kong, Tile: M1 + 1, Jokers: 1, From: NoSeat}, {Kind: Pong, Tile: M1 + 2, Jokers: 1, From: NoSeat}}},
		{name: "quint with jokers", in: "[33pJJJ] 1m", canonical: "1m [33pJJJ]", concealed: "1m", melds: []Meld{{Kind: Quint, Tile: P1 + 2, Jokers: 3, From: NoSeat}}, win: M1},
		{name: "flower set exposure", in: "[fffJ]", canonical: "[fffJ]", melds: []Meld{{Kind: Kong, Tile: Flower, Jokers: 1, From: NoSeat}}},
		{name: "concealed jokers", in: "JJ 111m", canonical: "11mJJ+1m", concealed: "111mJJ", win: M1},
		{name: "aliases", in: "E S W N Wd Gd Rd", canonical: "1234567z", concealed: "1234567z", win: Red},
		{name: "chinese aliases", in: "東南西北白發中发", canonical: "1234567z+6z", concealed: "12345667z", win: Green},
		{name: "red fives", in: "0m0p0s", canonical: "5m5p5s", concealed: "5m5p5s", win: S1 + 4, red: [3]uint8{1, 1, 1}},
		{name: "red fives kept by suit, melds and winning tile included", in: "40m55p [505s] 0p+0m", canonical: "45m555p+5m [555s]", concealed: "455m555p", melds: []Meld{{Kind: Pong, Tile: S1 + 4, From: NoSeat}}, win: M1 + 4, red: [3]uint8{2, 1, 1}},
		{name: "bonus tiles", in: "11z 1f 2f* 5f f f*", canonical: "11z 15f2f*ff*", concealed: "11z",
			bonus: []BonusTile{{F1, false}, {F1 + 1, true}, {F1 + 4, false}, {Flower, false}, {Flower, true}}, win: East},
		{name: "bonus group", in: "1234f", canonical: "1234f", bonus: []BonusTile{{F1, false}, {F1 + 1, false}, {F1 + 2, false}, {F1 + 3, false}}},
		{name: "win after melds", in: "[555p] 1z+1z", canonical: "11z [555p]", concealed: "11z", melds: []Meld{{Kind: Pong, Tile: P1 + 4, From: NoSeat}}, win: East},
		{name: "empty", in: "", canonical: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			want := Hand{Melds: tt.melds, Bonus: tt.bonus, Win: tt.win, Red: tt.red}
			if tt.concealed != "" {
				want.Concealed = CountsOf(tiles(tt.concealed)...)
			}
			if diff := cmp.Diff(want, h); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.in, diff)
			}
			if got := Format(h); got != tt.canonical {
				t.Errorf("Format = %q, want %q", got, tt.canonical)
			}
			h2, err := Parse(Format(h))
			if err != nil {
				t.Fatalf("Parse(Format) = %v", err)
			}
			if diff := cmp.Diff(h, h2, ignoreRed); diff != "" {
				t.Errorf("round trip (-first +second):\n%s", diff)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in   string
		col  int
		want string // part of the message
	}{
		{"123m45x", 7, "unknown letter 'x'"},
		{"123m45", 5, `digits "45" have no suit letter`},
		{"123m" + strings.Repeat("1", 25), 5, `digits "11111111111111111111…" have no suit letter`},
		{"123", 1, "no suit letter"},
		{"m", 1, "has no digits"},
		{"45E", 1, "no suit letter"},
		{"12m 0z", 5, "0z is not a tile"},
		{"8z", 1, "8z is not a tile"},
		{"19z", 2, "9z is not a tile"},
		{"9f", 1, "9f is not a tile"},
		{"0f", 1, "0f is not a tile"},
		{"55555m", 5, "a fifth 5m"},
		{"555m [5555m]", 8, "a fifth 5m"},
		{"EEEE E", 6, "a fifth 1z"},
		{"1f 1f", 4, "a second 1f"},
		{"fffffffff", 9, "a ninth flower"},
		{"12345678f f", 11, "a ninth flower"},
		{"JJJJJJJJJ", 9, "a ninth joker"},
		{"[124s]", 1, "not a run"},
		{"[1234m]", 1, "kong must be four identical"},
		{"[123z]", 1, "honours and flowers cannot form a chow"},
		{"[1m2p3s]", 1, "one suit"},
		{"[12mJ]", 1, "jokers stand only in sets"},
		{"[55p]", 1, "a pair or single cannot be exposed"},
		{"[JJJ]", 1, "at least one natural"},
		{"[1f1f1f]", 1, "bonus tile"},
		{"1f [111f]", 4, "bonus tile"},
		{"[2f22m]", 1, "bonus tile"},
		{"[555p", 1, "unclosed '['"},
		{"(7777s", 1, "unclosed '('"},
		{"555p]", 5, "without a matching"},
		{"[[555p]]", 2, "unexpected '['"},
		{"(777s)", 1, "concealed kong is four identical"},
		{"(777sJ)", 1, "concealed kong is four identical"},
		{"[555p@X]", 7, "'@' must be followed by the seat"},
		{"[555p@W1]", 8, "expected ']'"},
		{"(5555p@W)", 7, "no discarder"},
		{"555p@W", 5, "inside the brackets"},
		{"123m+", 5, "'+' must be followed"},
		{"123m+45m", 5, "exactly one winning tile"},
		{"123m+4m+5m", 8, "a second '+'"},
		{"123m+1f", 5, "exactly one winning tile"},
		{"2f**", 4, "'*' marks one bonus tile"},
		{"5m*", 3, "'*' marks one bonus tile"},
		{"12f*", 4, "'*' marks one bonus tile"},
		{"[12f]", 1, "bonus tile"},
		{"1m\xff", 1, "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Parse(tt.in)
			var ne *Error
			if !errors.As(err, &ne) {
				t.Fatalf("Parse(%q) = %v, want a *notation.Error", tt.in, err)
			}
			if ne.Col() != tt.col || !strings.Contains(ne.Msg, tt.want) {
				t.Errorf("Parse(%q) = col %d %q, want col %d containing %q", tt.in, ne.Col(), ne.Msg, tt.col, tt.want)
			}
			if !errors.Is(err, ErrNotation) {
				t.Errorf("errors.Is(err, ErrNotation) = false")
			}
		})
	}
}

func TestParseTiles(t *testing.T) {
	got, err := ParseTiles("12m E Rd 3f J")
	if err != nil {
		t.Fatal(err)
	}
	want := []Tile{M1, M1 + 1, East, Red, F1 + 2, Joker}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, bad := range []string{"[555p]", "1m+2m", "2f*", "1x"} {
		if _, err := ParseTiles(bad); err == nil {
			t.Errorf("ParseTiles(%q) succeeded, want an error", bad)
		}
	}
	if _, err := ParseTile("12m"); err == nil {
		t.Error("ParseTile(12m) succeeded, want an error for two tiles")
	}
}

func TestTileProperties(t *testing.T) {
	for tl := M1; tl <= Joker; tl++ {
		s := tl.String()
		back, err := ParseTile(s)
		if err != nil || back != tl {
			t.Errorf("ParseTile(%s) = %v, %v; want %v", s, back, err, tl)
		}
		if NewTile(tl.Suit(), tl.Num()) != tl {
			t.Errorf("NewTile(%v, %d) != %v", tl.Suit(), tl.Num(), tl)
		}
	}
	if got := (S1 + 8).Next(); got != NoTile {
		t.Errorf("9s.Next() = %v", got)
	}
	if (F1+5).BonusSeat() != 1 || (F1+1).BonusSeat() != 1 || Flower.BonusSeat() != -1 {
		t.Error("BonusSeat: flower 2 and season 6 belong to South")
	}
	if SeatNorth.Next() != SeatEast || SeatEast.Prev() != SeatNorth {
		t.Error("seat order")
	}
}

// genHand generates a valid hand directly from tile counts, melds and bonus tiles.
func genHand(t *rapid.T) Hand {
	var all Counts
	var h Hand
	nMelds := rapid.IntRange(0, 4).Draw(t, "melds")
	for range nMelds {
		kind := rapid.SampledFrom([]MeldKind{Chow, Pong, Kong}).Draw(t, "kind")
		switch kind {
		case Chow:
			suit := rapid.IntRange(0, 2).Draw(t, "suit")
			n := rapid.IntRange(1, 7).Draw(t, "n")
			tl := Tile(suit*9 + n)
			if all[tl] < 4 && all[tl+1] < 4 && all[tl+2] < 4 {
				m := Meld{Kind: Chow, Tile: tl, From: NoSeat}
				m.AddTo(&all)
				h.Melds = append(h.Melds, m)
			}
		default:
			tl := Tile(rapid.IntRange(1, 34).Draw(t, "tile"))
			size := int(kind) + 1
			if int(all[tl])+size <= 4 {
				m := Meld{Kind: kind, Tile: tl, From: NoSeat, Concealed: kind == Kong && rapid.Bool().Draw(t, "concealed")}
				if !m.Concealed && rapid.Bool().Draw(t, "marked") {
					m.From = Seat(rapid.IntRange(0, 3).Draw(t, "from"))
				}
				m.AddTo(&all)
				h.Melds = append(h.Melds, m)
			}
		}
	}
	n := rapid.IntRange(0, 14).Draw(t, "concealed")
	for range n {
		tl := Tile(rapid.IntRange(1, 34).Draw(t, "tile"))
		if all[tl] < 4 {
			all[tl]++
			h.Concealed[tl]++
		}
	}
	if h.Concealed.Total() > 0 {
		ts := h.Concealed.Tiles()
		h.Win = ts[rapid.IntRange(0, len(ts)-1).Draw(t, "win")]
	}
	for b := F1; b <= F1+7; b++ {
		if rapid.IntRange(0, 3).Draw(t, "bonus") == 0 {
			h.Bonus = append(h.Bonus, BonusTile{Tile: b, Boosted: rapid.Bool().Draw(t, "boost")})
		}
	}
	h.Canonicalize()
	return h
}

func TestPropertyRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := genHand(t)
		s := Format(h)
		got, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(Format(h)) = %v for %q", err, s)
		}
		if diff := cmp.Diff(h, got); diff != "" {
			t.Fatalf("Parse(Format(h)) != h for %q (-want +got):\n%s", s, diff)
		}
		if Format(got) != s {
			t.Fatalf("Format not stable: %q then %q", s, Format(got))
		}
	})
}

func TestPropertyOrderIrrelevant(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := genHand(t)
		// Write the concealed tiles one by one in a random order, the winning tile after '+'.
		c := h.Concealed
		if h.Win != NoTile {
			c[h.Win]--
		}
		ts := c.Tiles()
		perm := rapid.Permutation(ts).Draw(t, "perm")
		var parts []string
		for _, tl := range perm {
			parts = append(parts, tl.String())
		}
		if h.Win != NoTile {
			parts = append(parts, "+"+h.Win.String())
		}
		for _, m := range rapid.Permutation(h.Melds).Draw(t, "melds") {
			parts = append(parts, m.String())
		}
		for _, b := range rapid.Permutation(h.Bonus).Draw(t, "bonus") {
			parts = append(parts, b.String())
		}
		in := strings.Join(parts, " ")
		got, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if diff := cmp.Diff(h, got); diff != "" {
			t.Fatalf("Parse(%q) (-want +got):\n%s", in, diff)
		}
	})
}

// ignoreRed leaves Hand.Red out of round trips: Format writes a red five as 5, as it always has.
var ignoreRed = cmpopts.IgnoreFields(Hand{}, "Red")

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"123m456p789s11z [555p]", "123m456p789s555p1z+1z", "123m45x", "[2m2m2mJ] [22mJ] (7777s)",
		"[555p@W] 1f 2f* f f*", "東南西北白發中 Wd Gd Rd", "0m0p0s", "NN 2026m SS 666p 66sJ", "19m19p19s1234567z", "[fffJ]", "[555p", "8z",
	} {
		f.Add(s)
	}
	dirty := MustParse("1234m [555p@W] (7777s) 1f 2f 3f 4f")
	f.Fuzz(func(t *testing.T, s string) {
		h, err := Parse(s)
		// ParseInto over a hand already holding melds and flowers reads s as Parse does.
		reused := dirty
		reused.Melds, reused.Bonus = slices.Clone(dirty.Melds), slices.Clone(dirty.Bonus)
		ierr := ParseInto(&reused, s, Options{})
		if (ierr == nil) != (err == nil) || err != nil && ierr.Error() != err.Error() {
			t.Fatalf("ParseInto(%q) error %v, Parse's %v", s, ierr, err)
		}
		if diff := cmp.Diff(h, reused, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("ParseInto(%q) (-Parse +ParseInto):\n%s", s, diff)
		}
		if err != nil {
			var ne *Error
			if !errors.As(err, &ne) {
				t.Fatalf("Parse(%q) error is %T, want *Error", s, err)
			}
			if ne.Offset < 0 || ne.Offset > len([]rune(s)) {
				t.Fatalf("Parse(%q) offset %d out of range", s, ne.Offset)
			}
			return
		}
		out := Format(h)
		h2, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse(Format(Parse(%q))) = %v; formatted %q", s, err, out)
		}
		if diff := cmp.Diff(h, h2, ignoreRed); diff != "" {
			t.Fatalf("round trip of %q via %q (-want +got):\n%s", s, out, diff)
		}
		// The American reading (0 is the white dragon) parses the same text and round-trips too.
		if ha, err := ParseWith(s, Options{ZeroIsWhite: true}); err == nil {
			for _, out := range []string{Format(ha), FormatWith(ha, Options{ZeroIsWhite: true})} {
				back, err := ParseWith(out, Options{ZeroIsWhite: true})
				if err != nil {
					t.Fatalf("American round trip of %q via %q: %v", s, out, err)
				}
				if diff := cmp.Diff(ha, back); diff != "" {
					t.Fatalf("American round trip of %q via %q (-want +got):\n%s", s, out, diff)
				}
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		_, _ = Parse("123m456p789s11z [555p@W] 1f 2f*")
	}
}

func TestParseZeroIsWhite(t *testing.T) {
	h, err := ParseWith("2026m", Options{ZeroIsWhite: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := CountsOf(M1+1, M1+1, M1+5, White); h.Concealed != want {
		t.Errorf("2026m = %v, want 2m 2m 6m and the white dragon", h.Concealed)
	}
	ts, err := ParseTilesWith("20m", Options{ZeroIsWhite: true})
	if err != nil || len(ts) != 2 || ts[1] != White {
		t.Errorf("ParseTilesWith(20m) = %v, %v; want 2m and the white dragon", ts, err)
	}
	h, _ = Parse("2026m")
	if want := CountsOf(M1+1, M1+1, M1+5, M1+4); h.Concealed != want {
		t.Errorf("2026m without the option = %v, want a red five read as 5m", h.Concealed)
	}
	am := Options{ZeroIsWhite: true}
	tests := []struct{ in, want string }{
		{"2026m", "0 226m"},
		{"0000", "0000"},
		{"000 ff 2026m +6m", "0000 2266m ff"},
		{"NN 2026m SS 666p 666s", "0 226m666p66s2244z+6s"},
		{"NN SS 666p 666s 2026m 0", "226m666p666s2244z 00"},
		{"2026m [000]", "0 226m [555z]"},
		{"00 123m +0", "123m 000"},
	}
	for _, tt := range tests {
		h, err := ParseWith(tt.in, am)
		if err != nil {
			t.Errorf("ParseWith(%q): %v", tt.in, err)
			continue
		}
		if got := FormatWith(h, am); got != tt.want {
			t.Errorf("FormatWith(ParseWith(%q)) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if _, err := Parse("0000"); err == nil {
		t.Error(`Parse("0000") without the American reading succeeded: a suit letter is needed`)
	}
	if _, err := ParseWith("2026", am); err == nil {
		t.Error(`ParseWith("2026") succeeded: only zeros go without a suit letter`)
	}
}

func TestRunStart(t *testing.T) {
	tests := []struct {
		a, b, c, want Tile
	}{
		{M1, M1 + 1, M1 + 2, M1},
		{S1 + 8, S1 + 6, S1 + 7, S1 + 6},
		{M1 + 7, M1 + 8, P1, NoTile}, // 8m 9m 1p: no run across suits
		{East, South, West, NoTile},  // honours
		{P1, P1 + 1, P1 + 3, NoTile}, // a gap
		{P1 + 4, P1 + 4, P1 + 5, NoTile},
	}
	for _, tt := range tests {
		if got := RunStart(tt.a, tt.b, tt.c); got != tt.want {
			t.Errorf("RunStart(%v, %v, %v) = %v, want %v", tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}

func TestPlusHint(t *testing.T) {
	tests := []struct{ in, want string }{
		{"123m456p789s111z 99p+9p", "the tile after + is part of the hand: did you mean 9p+9p?"},
		{"123m456p789s11z [555p] 99p+9p", ""}, // 17 tiles: not one over
		{"123m456p789s111z 9p+9p", ""},        // 14: fine
		{"123m456p789s111z99p+9p", "the tile after + is part of the hand: did you mean 9p+9p?"},
		{"123m456p789s 111z 4s+6s", ""},
		{"123m456p789s 11z 455s+6s", ""}, // no 6s before '+': not the trap
		{"E E E Rd Rd 123s+4s [555p@W] (7777m)", ""},
		{"123m456p789s 11z 455s+5s", "the tile after + is part of the hand: did you mean 45s+5s?"},
		{"123m456p789s222z 11z+1z", "the tile after + is part of the hand: did you mean 1z+1z?"},
		{"123m456p789s111z 99p9p", ""}, // no '+'
		{"123m456p789s 55z E E E+E", "the tile after + is part of the hand: did you mean 123m456p789s 55z E E+E?"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			h, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := PlusHint(tt.in, &h); got != tt.want {
				t.Errorf("PlusHint(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseHint(t *testing.T) {
	for _, c := range []struct{ in, hint string }{
		{"FF 123m456p789s11z22z", "a card writes flowers F; a hand writes them f: ff for a card's FF (or numbered, 1f 2f)"},
		{"123m F", "a card writes flowers F; a hand writes them f: ff for a card's FF (or numbered, 1f 2f)"},
		{"XX 123m", ""},
		{"123x", ""},
		{"123m456p789s11z555P", "suit letters are lower case: p, as in 123p"},
		{"123M", "suit letters are lower case: m, as in 123m"},
		{"11Z", "suit letters are lower case: z, as in 123z"},
		{"１２３m", "'１' is a full-width character: write it as 1 (the input method's half-width mode)"},
		{"123ｍ", "'ｍ' is a full-width character: write it as m (the input method's half-width mode)"},
		{"123Ｐ", "'Ｐ' is a full-width character: write it as p (the input method's half-width mode)"},
	} {
		t.Run(c.in, func(t *testing.T) {
			_, err := Parse(c.in)
			var ne *Error
			if !errors.As(err, &ne) {
				t.Fatalf("Parse(%q) = %v, want a *Error", c.in, err)
			}
			if diff := cmp.Diff(c.hint, ne.Hint); diff != "" {
				t.Errorf("hint (-want +got):\n%s", diff)
			}
		})
	}
}
