package settle_test

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// Example settles issue 4's big three dragons: a limit hand self-drawn by North, with East
// responsible for feeding the third dragon pong.
func Example() {
	b, _ := os.ReadFile("testdata/hk-settlement.yaml")
	r, err := decodeRules(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	r.Bounds = scoring.Bounds{Unit: "faan", Min: 3, Cap: 10, Limit: 10} // the rulesets loader copies these from hk:
	h := notation.MustParse("[555z][666z][777z@E]123m99p")
	sit := scoring.Situation{Seat: notation.SeatNorth, Win: scoring.SelfDraw, Discarder: notation.NoSeat}
	l, err := settle.Responsible(r, &h, sit)
	if err != nil {
		fmt.Println(err)
		return
	}
	w := settle.Winner{Seat: sit.Seat, Limit: true, Responsible: l.Seat, Trigger: l.Trigger}
	res, err := settle.Settle(r, settle.Input{Kind: sit.Win, Winners: []settle.Winner{w}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res)
	out, _ := json.Marshal(struct {
		Payments []settle.Payment `json:"payments"`
		Deltas   settle.Deltas    `json:"deltas"`
	}{res.Payments, res.Deltas})
	fmt.Println(string(out))
	// Output:
	// E pays N 192 (responsibility/big-three-dragons: pays the whole self-draw alone, 3 shares × 64 (limit, paid as 10 faan, half-spicy))
	// E -192, S 0, W 0, N +192
	// {"payments":[{"from":"E","to":"N","amount":192,"rule":"responsibility/big-three-dragons","detail":"pays the whole self-draw alone, 3 shares × 64 (limit, paid as 10 faan, half-spicy)"}],"deltas":{"E":-192,"S":0,"W":0,"N":192}}
}
