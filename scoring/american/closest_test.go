package american

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/notation"
)

// brief is the part of a Candidate a table checks.
type brief struct {
	Line    string
	Need    int
	Missing string
	Dead    bool
	Why     string
}

func briefOf(c Candidate) brief {
	return brief{Line: c.Line, Need: c.Need, Missing: tilesText(c.Missing), Dead: c.Dead, Why: c.Why}
}

func seenOf(tb testing.TB, s string) notation.Counts {
	tb.Helper()
	if s == "" {
		return notation.Counts{}
	}
	ts, err := notation.ParseTiles(s)
	if err != nil {
		tb.Fatalf("ParseTiles(%q): %v", s, err)
	}
	return notation.CountsOf(ts...)
}

func TestClosest(t *testing.T) {
	card := sampleCard(t)
	tests := []struct {
		name string
		hand string
		seen string
		top  int
		line string // when set, only this line's candidate is checked
		want []brief
	}{
		{"one tile from Y1", "NN 226m Wd SS 666p 66s", "", 2, "", []brief{
			{Line: "Y1", Need: 1, Missing: "6s"},
			{Line: "L2", Need: 4, Missing: "6m 6m 6s 2z"},
		}},
		{"a joker counts in a set", "NN 226m Wd SS 666p 6s J", "", 1, "", []brief{
			{Line: "Y1", Need: 1, Missing: "6s"},
		}},
		{"a joker does not count in a pair", "N J 226m Wd SS 666p 666s", "", 1, "", []brief{
			{Line: "Y1", Need: 1, Missing: "4z"},
		}},
		{"seen tiles kill a line", "NN 226m SS 666p 666s", "Wd Wd Wd Wd", 0, "Y1", []brief{
			{Line: "Y1", Need: 1, Missing: "5z", Dead: true, Why: "needs 1 natural 5z, only 0 left"},
		}},
		{"the dead line is ranked after the live ones", "NN 226m SS 666p 666s", "Wd Wd Wd Wd", 1, "", []brief{
			{Line: "L2", Need: 3, Missing: "6m 6m 2z"},
		}},
		{"enough jokers left for two quints", "EEEE 5555s WWWW", "J J J J J J", 0, "Q2", []brief{
			{Line: "Q2", Need: 2, Missing: "1z 3z"},
		}},
		{"discarded jokers kill a quint", "EEEE 5555s WWWW", "J J J J J J J", 0, "Q2", []brief{
			{Line: "Q2", Need: 2, Missing: "1z 3z", Dead: true, Why: "needs 2 jokers, only 1 left"},
		}},
		{"an exposure rules out lines", "[EEEJ] 226m Wd SS 666p 66s", "", 0, "Y1", []brief{
			{Line: "Y1", Need: 2, Missing: "4z 4z", Dead: true, Why: "the exposures fit no hand of this line"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Closest(card, mustHand(t, tt.hand), seenOf(t, tt.seen), tt.top)
			var b []brief
			for _, c := range got {
				if tt.line == "" || c.Line == tt.line {
					b = append(b, briefOf(c))
				}
			}
			if diff := cmp.Diff(tt.want, b); diff != "" {
				t.Errorf("Closest(%q) mismatch (-want +got):\n%s", tt.hand, diff)
			}
		})
	}
}

func TestClosestDead(t *testing.T) {
	card := sampleCard(t)
	tests := []struct {
		name string
		hand string
		seen string
		want bool
	}{
		{"a fresh hand", "NN 226m Wd SS 666p 66s", "", false},
		{"an exposure no line has", "[EEE] J 226m Wd SS 666p 66s", "", true},
		{"an exposed pung of sixes", "NN 226m Wd SS [666p] 66s", "", false},
		{"every 6s gone", "NN 226m Wd SS [666p] 3s", "6s 6s 6s 6s", false},
		{"a C line exposed", "ff 5678m [5555p] 666s", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Closest(card, mustHand(t, tt.hand), seenOf(t, tt.seen), 0)
			if diff := cmp.Diff(tt.want, AllDead(got)); diff != "" {
				t.Errorf("AllDead mismatch (-want +got):\n%s", diff)
			}
			if len(got) != len(card.Lines) {
				t.Errorf("Closest returned %d lines, want all %d", len(got), len(card.Lines))
			}
		})
	}
}

func TestClosestConcealedLine(t *testing.T) {
	card := sampleCard(t)
	got := Closest(card, mustHand(t, "ff 5678m [5555p] 666s"), notation.Counts{}, 0)
	for _, c := range got {
		if c.Line == "R3" {
			if diff := cmp.Diff(brief{Line: "R3", Need: 1, Missing: "6s", Dead: true, Why: "a concealed line allows no exposure"}, briefOf(c)); diff != "" {
				t.Errorf("R3 mismatch (-want +got):\n%s", diff)
			}
			return
		}
	}
	t.Error("R3 not ranked")
}

// TestDiscards: from 14 tiles, the discard that keeps the most lines live and the closest line
// nearest comes first.
func TestDiscards(t *testing.T) {
	card := sampleCard(t)
	opts := Discards(card, mustHand(t, "NN 226m Wd SS 666p 66s 9p"), notation.Counts{})
	if len(opts) == 0 {
		t.Fatal("no discards")
	}
	got := opts[0]
	if got.Tile != notation.P1+8 || got.Best != "Y1" || got.Need != 1 {
		t.Errorf("first discard = %+v, want 9p leaving Y1 one tile short", got)
	}
	for _, o := range opts[1:] {
		if o.Live > got.Live || o.Live == got.Live && o.Need >= 0 && o.Need < got.Need {
			t.Errorf("discard %+v ranks below %+v", o, got)
		}
	}
	// Every distinct tile held is a discard.
	if len(opts) != 8 {
		t.Errorf("%d discards, want 8 (2m 6m 6p 6s 9p 2z 4z 5z): %v", len(opts), opts)
	}
}

// TestDiscardsEveryTile: every distinct tile held is a discard, the flower and the joker too, and
// they are ranked by the same measure as the others (issue 25, item 5).
func TestDiscardsEveryTile(t *testing.T) {
	card := sampleCard(t)
	tests := []struct {
		name string
		hand string
		want []string // each discard: tile, then the closest line and its need
	}{
		// The flower has no place in O1 (1111m 33m 555p 77p 999s): throwing it leaves O1 one tile short.
		{"the flower is the best discard", "1111m 33m 555p 77p 99s f", []string{
			"f O1 1", "1m O1 2", "3m O1 2", "5p O1 2", "7p O1 2", "9s O1 2",
		}},
		// A joker stands in the 999s of O1: throwing it costs a tile, as throwing a 9s does; the
		// flower costs nothing. Equal discards keep tile order, so the joker comes last of them.
		{"a joker is worth keeping", "1111m 33m 555p 77p 9s f J", []string{
			"f O1 1", "1m O1 2", "3m O1 2", "5p O1 2", "7p O1 2", "9s O1 2", "J O1 2",
		}},
		// Tiles of a concealed kong are held like any other.
		{"a concealed kong's tiles are held", "(1111m) 33m 555p 77p 99s f", []string{
			"f O1 1", "1m O1 2", "3m O1 2", "5p O1 2", "7p O1 2", "9s O1 2",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, o := range Discards(card, mustHand(t, tt.hand), notation.Counts{}) {
				got = append(got, fmt.Sprintf("%s %s %d", o.Tile, o.Best, o.Need))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Discards(%s) (-want +got):\n%s", tt.hand, diff)
			}
		})
	}
}

// TestDiscardJokerDead: a discarded joker is dead, so throwing the last joker left kills the quint
// that needs it, as throwing a wind does (the quint then needs two jokers); throwing the flower keeps
// both lines live.
func TestDiscardJokerDead(t *testing.T) {
	card := compileLines(t, LineSpec{ID: "Q", Pattern: []string{"NNNNN EEEE SSSS F"}, Value: 40},
		LineSpec{ID: "W", Pattern: []string{"NNNN EEEE SSSS FF"}, Value: 25})
	var seen notation.Counts
	seen[notation.Joker] = 7
	var got []string
	for _, o := range Discards(card, mustHand(t, "NNNN EEEE SSSS J f"), seen) {
		got = append(got, fmt.Sprintf("%s live %d %s %d", o.Tile, o.Live, o.Best, o.Need))
	}
	want := []string{"f live 2 Q 1", "1z live 1 W 1", "2z live 1 W 1", "4z live 1 W 1", "J live 1 W 1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Discards (-want +got):\n%s", diff)
	}
}

// TestReasonConcealedLine: a hand with an exposure that fills a concealed line is told so, rather
// than sent to the nearest exposed line.
func TestReasonConcealedLine(t *testing.T) {
	got := Match(sampleCard(t), mustHand(t, "ffff 226m Wd [222p] 222s"), nil)
	want := "Y4 (2026, 30) is concealed: it allows no exposure (the tiles fill it otherwise)"
	if got.Valid || got.Reason != want {
		t.Errorf("Match: valid %v, reason %q; want %q", got.Valid, got.Reason, want)
	}
	got = Match(sampleCard(t), mustHand(t, "ffff 226m Wd [222p] 22s N"), nil)
	if want := "Y4 (2026, 30) is concealed: it allows no exposure; it would still be 1 tile short, lacks 2s; no place for 4z"; got.Reason != want {
		t.Errorf("reason %q, want %q", got.Reason, want)
	}
}

// TestJokersShortSingular: the dead reason counts one joker as "1 joker".
func TestJokersShortSingular(t *testing.T) {
	var seen notation.Counts
	seen[notation.Joker] = 7
	card := compileLines(t, LineSpec{Pattern: []string{"NNNNN EEEEE SSSS"}})
	c := Closest(card, mustHand(t, "NNNN EEEE SSSS"), seen, 0)
	if len(c) != 1 || c[0].Why != "needs 2 jokers, only 1 left" {
		t.Fatalf("Closest = %+v", c)
	}
	seen[notation.Joker] = 8
	card = compileLines(t, LineSpec{Pattern: []string{"NNNNN EEEE SSSS F"}})
	c = Closest(card, mustHand(t, "NNNN EEEE SSSS f"), seen, 0)
	if len(c) != 1 || c[0].Why != "needs 1 joker, only 0 left" {
		t.Errorf("Closest = %+v, want \"needs 1 joker, only 0 left\"", c)
	}
}
