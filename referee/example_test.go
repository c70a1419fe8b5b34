package referee_test

import (
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
)

// The quick dispute: West discards 5p and three players call at once.
func ExampleResolveClaims() {
	claims, err := referee.ParseClaims("S win, N pong, E chow")
	if err != nil {
		panic(err)
	}
	tile, _ := notation.ParseTile("5p")
	d, err := referee.ResolveClaims(notation.SeatWest, tile, claims, [4]*notation.Hand{}, referee.Deps{})
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Reason)
	for _, r := range d.Rulings {
		fmt.Println(r)
	}
	// Output:
	// S takes 5p for a win; N's pong loses: a win beats a pong
	// 1 S win: ok (claim-priority) S takes 5p
	// 1 N pong: ok (claim-priority) S's win takes the tile: a win beats a pong
	// 1 E chow: illegal (chow-from-left) a chow may be claimed only from the player before you (上家): E's chow must come from N, not W
}

// A scorekeeper's log: West pongs East's discard, so South misses the turn and may not draw.
func ExampleReplay() {
	lg, err := referee.ReadLog([]byte(`
dealer: E
hands:
  W: "11z ?11"
events:
  - E discard 1z
  - W pong 1z
  - S draw
`))
	if err != nil {
		panic(err)
	}
	r, err := referee.Replay(lg, referee.Deps{})
	if err != nil {
		panic(err)
	}
	for _, x := range r.Rulings {
		fmt.Println(x)
	}
	fmt.Println(r.Legal())
	// Output:
	// 1 E discard 1z: ok (discard) in turn
	// 2 W pong 1z: ok (pong) W takes E's 1z; S misses the turn
	// 3 S draw: illegal (turn-order) S misses the turn: W claimed E's 1z, so play continues from W
	// false
}
