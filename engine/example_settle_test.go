package engine_test

import (
	"fmt"
	"os"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
)

// Settle a Hong Kong hand worth 6 faan, won on West's discard: West pays alone.
func ExampleEngine_Settle() {
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := e.Settle(engine.SettleRequest{Faan: "6", Winner: "S", Discarder: "W"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("settled:", s.Positive())
	_ = s.Render(engine.TextPrinter(os.Stdout))
	// Output:
	// settled: true
	// ruleset:  hk
	// winner:   S, 6 faan
	// win:      discard, discarder W
	// from  to  amount  rule          detail                              source
	// W     S   48      discard/full  3 shares × 16 (6 faan, half-spicy)  hk:250
	// change:   E 0, S +48, W -48, N 0
}

// Settle from the winner's hand: the meld marked @E fed the third dragon, so East pays alone (包).
func ExampleEngine_Settle_hand() {
	e, _ := engine.Open("hk", engine.Options{})
	s, err := e.Settle(engine.SettleRequest{Hand: "[555z] [666z] [777z@E] 123m 9p+9p", Seat: "N", Win: "self-draw"})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = s.Render(engine.TextPrinter(os.Stdout))
	// Output:
	// ruleset:  hk
	// hand:     123m99p [555z] [666z] [777z@E]
	// winner:   N, 10 faan
	// win:      self-draw
	// 包:       E is responsible (big-three-dragons, fed [777z@E], hk:259)
	// from  to  amount  rule                              detail                                                               source
	// E     N   192     responsibility/big-three-dragons  pays the whole self-draw alone, 3 shares × 64 (10 faan, half-spicy)  hk:259
	// change:   E -192, S 0, W 0, N +192
}

// A DeBurger hand settled from the players' points, with the running totals before it.
func ExampleEngine_Settle_deburger() {
	e, _ := engine.Open("deburger-2026", engine.Options{})
	s, err := e.Settle(engine.SettleRequest{Points: []string{"E=2700,S=1800,W=-400,N=0"}, Totals: []string{"E=9000,S=4000,W=0,N=100"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = s.Render(engine.TextPrinter(os.Stdout))
	// Output:
	// ruleset:  deburger-2026
	// seat  points  before  total
	// E     +2700   9000    11700
	// S     +1800   4000    5800
	// W     -400    0       -400
	// N     0       100     100
	// game:     E wins the game (target 10000)
}

// A flag that the ruleset's family does not take is refused, with what to give instead.
func ExampleEngine_Settle_refused() {
	e, _ := engine.Open("hk", engine.Options{})
	_, err := e.Settle(engine.SettleRequest{Value: "25", Winner: "S", Discarder: "W"})
	fmt.Println(err)
	fmt.Println("hint:", family.HintOf(err))
	fmt.Println("bad input:", engine.IsInput(err))
	// Output:
	// --value does not apply to ruleset hk (family hk)
	// hint: a Hong Kong hand is worth faan: use --faan N
	// bad input: true
}
