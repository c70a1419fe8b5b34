package notation

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// checkSimple fails when the fast path reads s and the general parser reads it otherwise (another
// hand, or an error), under either reading of 0.
func checkSimple(t interface{ Fatalf(string, ...any) }, s string) bool {
	var h Hand
	ok, canonical := parseSimpleInto(&h, s)
	if !ok {
		return false
	}
	if canonical && Format(h) != s {
		t.Fatalf("parseSimpleInto(%q) says it is canonical; Format writes %q", s, Format(h))
	}
	for _, opt := range []Options{{}, {ZeroIsWhite: true}} {
		want, err := parseGeneral(s, opt)
		if err != nil {
			t.Fatalf("parseSimpleInto(%q) reads a hand; the general parser (%+v): %v", s, opt, err)
		}
		if diff := cmp.Diff(want, h); diff != "" {
			t.Fatalf("parseSimpleInto(%q) (-general +simple):\n%s", s, diff)
		}
	}
	return true
}

// TestParseSimpleIsParse: what Format writes for any hand without jokers, red fives or bare
// flowers is read by the fast path, and as the general parser reads it; so are the same texts
// with a tile dropped, added, moved or doubled, where the fast path reads them at all.
func TestParseSimpleIsParse(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := genHand(t)
		s := Format(h)
		simple := true
		for _, b := range h.Bonus {
			simple = simple && b.Tile != Flower && !b.Boosted
		}
		for _, m := range h.Melds {
			simple = simple && m.Jokers == 0
		}
		simple = simple && h.Concealed[Joker] == 0 && h.Concealed.Total()+len(h.Melds)+len(h.Bonus) > 0
		if got := checkSimple(t, s); simple && !got {
			t.Fatalf("parseSimpleInto(%q) = not read, want read", s)
		}
		// Mutations: cut the text, insert a byte from the grammar, swap two bytes.
		alphabet := "123456789mpszf+[]()@ ESWN0J*,"
		i := rapid.IntRange(0, len(s)).Draw(t, "at")
		checkSimple(t, s[:i])
		checkSimple(t, s[i:])
		c := alphabet[rapid.IntRange(0, len(alphabet)-1).Draw(t, "byte")]
		checkSimple(t, s[:i]+string(c)+s[i:])
		if j := rapid.IntRange(0, len(s)).Draw(t, "to"); i < j {
			b := []byte(s)
			b[i], b[j-1] = b[j-1], b[i]
			checkSimple(t, string(b))
			checkSimple(t, s+" "+s[i:j])
		}
	})
}

// FuzzParseSimple: whatever the fast path reads, the general parser reads the same.
func FuzzParseSimple(f *testing.F) {
	for _, s := range []string{
		"123m456p789s11155z", "123m456p789s111z5z+5z", "19m19p19s1234567z+1m 1f2f", "[555p@W] (7777s) 11m 1f",
		"123m [123m] [456p@N] 55z", "+5m", "55m+5m", "1m+55m", "[1111m]", "(111m)", "[11m]", "[1m2m3m]", "11111m",
		"1f1f", "9f", "8z", "[12m3m@E]", "[123m@X]", "[123m@E", "123m ", " 123m", "1m  2m", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkSimple(t, s) })
}

// TestParseIntoIsParseWith: ParseInto into one Hand, reused from text to text (what a batch
// does), reads each text as ParseWith does (an empty slice for a nil one aside), and fails with
// ParseWith's error and a zero Hand.
func TestParseIntoIsParseWith(t *testing.T) {
	var h Hand
	rapid.Check(t, func(t *rapid.T) {
		s := Format(genHand(t))
		if rapid.Bool().Draw(t, "mutate") { // a byte from the grammar put in: often an error
			const alphabet = "123456789mpszf+[]()@ ESWN0J*,"
			i, c := rapid.IntRange(0, len(s)).Draw(t, "at"), alphabet[rapid.IntRange(0, len(alphabet)-1).Draw(t, "byte")]
			s = s[:i] + string(c) + s[i:]
		}
		for _, opt := range []Options{{}, {ZeroIsWhite: true}} {
			want, werr := ParseWith(s, opt)
			err := ParseInto(&h, s, opt)
			if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
				t.Fatalf("ParseInto(%q, %+v) error %v, ParseWith's %v", s, opt, err, werr)
			}
			if diff := cmp.Diff(want, h, cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("ParseInto(%q, %+v) (-ParseWith +ParseInto):\n%s", s, opt, diff)
			}
		}
	})
}

// ParseInto allocates nothing for a line the fast path reads, once h has room.
func TestParseIntoAllocs(t *testing.T) {
	var h Hand
	s := "123m 567s 22z [555p] [666z@W] 1f 3f"
	if err := ParseInto(&h, s, Options{}); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _ = ParseInto(&h, s, Options{}) }); n != 0 {
		t.Errorf("ParseInto allocates %v times a hand, want 0", n)
	}
	if len(h.Melds) != 2 || len(h.Bonus) != 2 || h.Concealed.Total() != 8 {
		t.Errorf("ParseInto(%q) = %+v", s, h)
	}
}

// appendPlaying writes what appendPlayingEach writes (a tile at a time) for any counts of the
// playing tiles, more than four of a tile included.
func TestAppendPlayingIsEach(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var c Counts
		hi := rapid.SampledFrom([]int{1, 4, 4, 4, 9}).Draw(t, "most")
		for tile := M1; tile <= Red; tile++ {
			if rapid.IntRange(0, 3).Draw(t, "has") == 0 {
				c[tile] = uint8(rapid.IntRange(0, hi).Draw(t, "n"))
			}
		}
		if got, want := string(appendPlaying([]byte("x"), &c)), string(appendPlayingEach([]byte("x"), &c)); got != want {
			t.Fatalf("counts %v: %q, want %q", c, got, want)
		}
	})
}

// TestParseSimpleCanonical: the fast path says a text is canonical for what Format writes of any
// hand it reads, and ParseIntoText says so under ZeroIsWhite exactly when FormatWith writes the
// same text; texts that read as a hand Format writes otherwise are not canonical.
func TestParseSimpleCanonical(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := Format(genHand(t))
		var h Hand
		if ok, canonical := parseSimpleInto(&h, s); ok && !canonical {
			t.Fatalf("parseSimpleInto(%q): read, and not canonical", s)
		}
		for _, opt := range []Options{{}, {ZeroIsWhite: true}} {
			canonical, err := ParseIntoText(&h, s, opt)
			if err != nil {
				t.Fatal(err)
			}
			if out := FormatWith(h, opt); canonical && out != s {
				t.Fatalf("ParseIntoText(%q, %+v) canonical, FormatWith writes %q", s, opt, out)
			}
		}
	})
	for _, s := range []string{
		"123m456p789s11155z", "19m19p19s1234567z+1m 13f", "11m [555p@W] (7777s) 1f",
		"[555p]", "1f", "12f", "[123m] [456p@N]", "22m+1m", "11123455678999m+5m",
	} {
		var h Hand
		if ok, canonical := parseSimpleInto(&h, s); !ok || !canonical || Format(h) != s {
			t.Errorf("parseSimpleInto(%q) = read %v, canonical %v (Format writes %q): want both", s, ok, canonical, Format(h))
		}
	}
	for _, s := range []string{
		"123m 456p", "456p123m", "123m456p789s111z5z+5z", "132m", "123m123m", "12m+3m", "113m+3m", "+3m", "123m +4m", "1m+3m4m",
		"123m[555p]", "[555p] 1m", "[555p]  [666p]", "[666p] [555p]", "[555p@W] [123m]", " 1m", "1m ", "1m  [555p]",
		"1m1f", "21f", "1f 2f", "1f [555p]", "[321m]", "[ 555p]", "(5555p) [5555p]",
	} {
		var h Hand
		if ok, canonical := parseSimpleInto(&h, s); ok && canonical {
			t.Errorf("parseSimpleInto(%q) canonical; Format writes %q", s, Format(h))
		}
	}
	var h Hand
	if canonical, err := ParseIntoText(&h, "123m456p789s77z11z", Options{ZeroIsWhite: true}); err != nil || canonical {
		t.Errorf("ParseIntoText with white dragons under ZeroIsWhite = %v, %v; want not canonical (FormatWith writes %q)", canonical, err, FormatWith(h, Options{ZeroIsWhite: true}))
	}
}
