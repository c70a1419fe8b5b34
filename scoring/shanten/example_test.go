package shanten_test

import (
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/shanten"
)

func counts(s string) notation.Counts {
	ts, err := notation.ParseTiles(s)
	if err != nil {
		panic(err)
	}
	return notation.CountsOf(ts...)
}

func Example() {
	c := counts("1112345678999m") // nine gates
	fmt.Printf("%+v\n", shanten.All(&c, 0, shanten.AllShapes))
	fmt.Println(shanten.Waits(&c, 0, shanten.AllShapes))
	// Output:
	// {Standard:0 SevenPairs:4 ThirteenOrphans:10 Best:0}
	// 1m 2m 3m 4m 5m 6m 7m 8m 9m
}

func ExampleIsWinning() {
	c := counts("123m456p789s11122z")
	fmt.Println(shanten.IsWinning(&c, 0))
	// Output: true
}

func ExampleDiscards() {
	c := counts("123m456p789s11z23z3z")
	for _, d := range shanten.Discards(&c, 0, shanten.AllShapes) {
		if d.Shanten == 0 {
			fmt.Printf("discard %v: ready, waiting on %v\n", d.Tile, d.Improving)
		}
	}
	// Output: discard 2z: ready, waiting on 1z 3z
}
