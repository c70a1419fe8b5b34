package notation_test

import (
	"fmt"

	"github.com/mjref/mjref/notation"
)

// Read a hand with an exposed pong and a winning tile, and write it back in canonical notation.
func ExampleParse() {
	h, err := notation.Parse("123m 456p 789s 1z +1z [555p]")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(notation.Format(h))
	fmt.Println(h.TileCount(), "tiles, winning tile", h.Win, "melds", len(h.Melds))
	// Output:
	// 123m456p789s11z [555p]
	// 14 tiles, winning tile 1z melds 1
}

// A notation error names the column of the mistake.
func ExampleParse_error() {
	_, err := notation.Parse("123m45x")
	fmt.Println(err)
	// Output:
	// col 7: unknown letter 'x': expected a digit, a suit letter (m p s z f), an honour (E S W N Wd Gd Rd), J, brackets or +
}

// Under American rules a 0 is the white dragon, as cards write years; the last tile is the winning
// tile unless a '+' marks another.
func ExampleFormatWith() {
	opt := notation.Options{ZeroIsWhite: true}
	h, _ := notation.ParseWith("NN 2026m SS 666p 666s", opt)
	fmt.Println(notation.FormatWith(h, opt))
	// Output:
	// 0 226m666p66s2244z+6s
}
