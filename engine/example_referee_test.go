package engine_test

import (
	"fmt"
	"os"

	"github.com/mjref/mjref/engine"
)

// Rule on three claims on one discard: a win beats a pong, which beats a chow.
func ExampleEngine_Claim() {
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := e.Claim(engine.ClaimRequest{Discarder: "W", Tile: "5p", Claims: "S win, E pong, N chow"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("clear:", v.Clear)
	_ = v.Render(engine.TextPrinter(os.Stdout))
	// Output:
	// clear: true
	// ruleset:  hk
	// discard:  5p by W
	// seat  claim  verdict  rule                   reason
	// S     win    ok       claim-priority hk:335  S takes 5p
	// E     pong   ok       claim-priority hk:335  S's win takes the tile: a win beats a pong
	// N     chow   ok       claim-priority hk:335  S's win takes the tile: a win beats a chow
	// takes:    S (win)
	// ruling:   S takes 5p for a win; E's pong loses: a win beats a pong; N's chow loses: a win beats a chow
}

// Replay issue 8's log: N's chow is not from the seat before N, N has no pong to add a kong to,
// and so there is no kong for E to rob.
func ExampleEngine_Referee() {
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := e.Referee(engine.RefereeRequest{Only: "illegal", Log: `ruleset: hk
hands:
  E: "123m456p789s1122z5f 3z"
wall: "?91"
events:
  - E discard 3z
  - S draw 7p
  - S discard 9s
  - claims: [W pong 9s, N chow 789s]
  - W discard 1m
  - N draw 2f
  - N flower 2f
  - N draw 4p
  - N add-kong 5p
  - claims: [E win 5p]
`})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("legal:", v.Legal, "illegal:", v.Illegal)
	for _, r := range v.Rulings {
		fmt.Println(r.Event, r.Seat, r.Action, r.Verdict, r.Rule)
	}
	// Output:
	// legal: false illegal: 3
	// 4 N chow 789s illegal chow-from-left
	// 9 N add-kong 5p illegal add-kong
	// 10 E win 5p illegal rob-kong
}

// A log that cannot be read is bad input naming the event.
func ExampleReferee() {
	open := func(ruleset string) (*engine.Engine, error) { return engine.Open(ruleset, engine.Options{}) }
	_, err := engine.Referee(engine.RefereeRequest{Name: "hand.yaml", Log: "ruleset: hk\nevents:\n  - E drw 3z\n"}, open)
	fmt.Println(err)
	fmt.Println("bad input:", engine.IsInput(err))
	// Output:
	// hand.yaml: line 3: event 1 "E drw 3z": unknown action "drw": expected one of draw, discard, chow, pong, kong, add-kong, concealed-kong, flower, win, pass (American: charleston, courtesy, exchange, quint, sextet, misnamed; DeBurger: pair, reveal; riichi: riichi, dora)
	// bad input: true
}
