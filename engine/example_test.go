package engine_test

import (
	"fmt"
	"os"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family/hongkong"
)

// Score a Hong Kong hand won by self-draw and print its verdict and JSON document.
func ExampleEngine_Score() {
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := e.Score(engine.ScoreRequest{Hand: "123m456p789s111z55z", Win: "self-draw"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("valid:", res.Valid())
	_ = res.Render(engine.TextPrinter(os.Stdout))
	// Output:
	// valid: true
	// hand:     123m456p789s11155z
	// ruleset:  hk   seat E, prevailing E, win self-draw
	// reading:  123m 456p 789s 111z 55z (standard)
	// id               name             中文    faan  tiles  rule
	// seat-wind        Seat wind        門風    1     111z   hk:96
	// prevailing-wind  Prevailing wind  圈風    1     111z   hk:100
	// self-draw        Self-drawn       自摸    1            hk:152
	// concealed-hand   Concealed hand   門前清  1            hk:156
	// no-flowers       No flowers       無花    1            hk:202
	// total:    5 faan; minimum 3, cap 10: a valid win
}

// What a 13-tile hand waits on, and what each win is worth.
func ExampleEngine_Waits() {
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := e.Waits(engine.WaitsRequest{Hand: "123m456p789s11z45s"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range v.Waits {
		fmt.Println(w.Tile, w.Unseen, w.Value.SelfDraw.Total, w.Value.SelfDraw.Unit)
	}
	// Output:
	// 3s 4 4 faan
	// 6s 4 4 faan
}

// A hand that is not a win is a result, not an error; a hand that does not parse is bad input.
func ExampleIsInput() {
	e, _ := engine.Open("hk", engine.Options{})
	_, err := e.Score(engine.ScoreRequest{Hand: "123x"})
	fmt.Println(engine.IsInput(err))
	_, err = engine.Open("no-such-ruleset", engine.Options{})
	fmt.Println(engine.IsInput(err))
	// Output:
	// true
	// true
}

// The card's lines closest to an American hand in progress.
func ExampleEngine_Closest() {
	e, err := engine.Open("american", engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := e.Closest(engine.ClosestRequest{Hand: "NN 2026m SS 666p 66s", Top: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range v.Candidates {
		fmt.Println(c.Line, c.Value, "needs", c.Need)
	}
	// Output:
	// Y1 25 needs 1
	// L2 30 needs 4
}

// A table's house rules: the cap raised to 13 for this engine only, as --set cap=13 does.
func ExampleOpen() {
	e, err := engine.Open("hk", engine.Options{Set: []string{"cap=13"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Ruleset().Name, e.Title(), "cap", hongkong.Rules(e.Ruleset()).Cap)
	// Output:
	// hk Hong Kong cap 13
}
