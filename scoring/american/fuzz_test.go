package american

import (
	"testing"

	"github.com/mjref/mjref/notation"
)

// FuzzPattern compiles any pattern string as a one-line card: it must not panic, and every concrete
// hand it yields totals 14 tiles within the supply.
func FuzzPattern(f *testing.F) {
	for _, l := range sampleLines {
		f.Add(l.Pattern[0])
	}
	for _, s := range []string{"FF 1111a 2222a 3333a|6666a", "ZZ 1111* 2222* ZZZZ", "XX+1X+2a", "2026|NEWSa", "+1", "X+", "|", "0000 FFFF X+8X+8X+8a XXXb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		card, err := Compile(CardSpec{Lines: []LineSpec{{ID: "F1", Pattern: []string{s}, Value: 25}}})
		if err != nil {
			return
		}
		for k := range card.Lines[0].hands {
			c := &card.Lines[0].hands[k]
			total, short := 0, 0
			for i := range nIdx {
				total += int(c.need[i])
				if c.set[i] > c.need[i] || c.fixed(i) > supply(i) {
					t.Fatalf("%q hand %s: slot %d need %d set %d", s, c.handText(), i, c.need[i], c.set[i])
				}
				short += max(0, int(c.need[i])-supply(i))
			}
			if total != HandTiles || short > MaxJokers {
				t.Fatalf("%q hand %s: %d tiles, %d jokers needed", s, c.handText(), total, short)
			}
		}
	})
}

// FuzzMatch scores any parsable hand against the sample card: no panic, and a valid match agrees with
// Closest.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"NN 226m Wd SS 666p 666s", "ff 33m JJ 3333p 333s J", "[EEEEJ] 5555s [WWWJJ]", "ff 5678m [5555p] 6666s", "[123m] 1111p 2222s 333s"} {
		f.Add(s)
	}
	card := sampleCard(f)
	f.Fuzz(func(t *testing.T, s string) {
		h, err := notation.Parse(s)
		if err != nil {
			return
		}
		got := Match(card, &h, nil)
		cands := Closest(card, &h, notation.Counts{}, 0)
		if got.Valid && (len(cands) == 0 || cands[0].Need != 0) {
			t.Fatalf("%q matches %s but the closest line needs %d", s, got.Line, cands[0].Need)
		}
	})
}
