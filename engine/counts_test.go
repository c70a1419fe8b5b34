package engine_test

import (
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
)

// Honba counters and riichi sticks past what any table holds are refused at every door that reads
// them: before, --sticks 9223372036854775807 overflowed what the winner takes, and a hand settled
// "S +1,000, W -2,000" for a 2,000-point ron.
func TestCountersBounded(t *testing.T) {
	e, err := engine.Open("riichi", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	huge := 1<<63 - 1
	bad := []struct {
		name string
		do   func() error
		want string
	}{
		{"score honba", func() error {
			_, err := e.Score(engine.ScoreRequest{Hand: "123p456p789s11z55p5p", Win: "tsumo", Extra: map[string]any{"honba": 1001}})
			return err
		}, "--honba 1001: at most 1000 honba counters"},
		{"score sticks", func() error {
			_, err := e.Score(engine.ScoreRequest{Hand: "123p456p789s11z55p5p", Win: "tsumo", Extra: map[string]any{"sticks": huge}})
			return err
		}, "at most 1000 riichi sticks"},
		{"settle worth sticks", func() error {
			_, err := e.Settle(engine.SettleRequest{Han: "2", Fu: "30", Winner: "S", Discarder: "W", Sticks: huge})
			return err
		}, "at most 1000 riichi sticks"},
		{"settle hand honba", func() error {
			_, err := e.Settle(engine.SettleRequest{Hand: "123p456p789s11z55p5p", Seat: "S", Win: "tsumo", Honba: 5000})
			return err
		}, "at most 1000 honba counters"},
		{"settle drawn honba", func() error {
			_, err := e.Settle(engine.SettleRequest{Drawn: true, Tenpai: "S", Honba: 1001})
			return err
		}, "at most 1000 honba counters"},
		{"settle drawn sticks", func() error {
			_, err := e.Settle(engine.SettleRequest{Drawn: true, Sticks: huge})
			return err
		}, "at most 1000 riichi sticks"},
	}
	for _, c := range bad {
		if err := c.do(); err == nil || !engine.IsInput(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want bad input saying %q", c.name, err, c.want)
		}
	}

	// At the bound, the largest hand is paid in full: a dealer's sextuple yakuman by ron
	// (6 × 48,000), 1,000 honba (300 each) and 1,000 sticks (1,000 each), and the deltas sum to
	// the sticks taken from the table.
	st, err := e.Settle(engine.SettleRequest{Yakuman: "6", Winner: "E", Discarder: "S", Honba: 1000, Sticks: 1000})
	if err != nil {
		t.Fatal(err)
	}
	d := st.(family.SeatChanges).SeatDeltas()
	if want := 6*48000 + 1000*300 + 1000*1000; d[0] != want || d[1] != -(6*48000+1000*300) || d[2] != 0 || d[3] != 0 {
		t.Errorf("deltas %v, want E +%d and S -%d", d, want, 6*48000+1000*300)
	}
}
