package referee

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/mjref/mjref/notation"
)

// TestAmericanReplayConservesTiles plays random American events, legal or not, and checks after every
// step that the replay accounts for exactly 152 tiles.
func TestAmericanReplayConservesTiles(t *testing.T) {
	tiles := []string{"1m", "5p", "9s", "4z", "7z", "1f", "J", "3m"}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 60).Draw(t, "events")
		var evs []string
		for i := range n {
			seat := rapid.SampledFrom([]string{"E", "S", "W", "N"}).Draw(t, fmt.Sprint("seat", i))
			tile := rapid.SampledFrom(tiles).Draw(t, fmt.Sprint("tile", i))
			other := rapid.SampledFrom(tiles[:6]).Draw(t, fmt.Sprint("other", i))
			ev := rapid.SampledFrom([]string{
				"%s charleston", "%s courtesy ??", "%s draw", "%s discard %s", "%s pong", "%s kong %sJ",
				"%s quint %sJJ", "%s exchange %s", "%s win", "%s pair", "%s misnamed %s %s", "%s draw %s",
				"%s win = ", "%s pass",
			}).Draw(t, fmt.Sprint("verb", i))
			switch {
			case ev == "%s win = ":
				ev = seat + " win"
			case ev == "%s misnamed %s %s":
				ev = fmt.Sprintf(ev, seat, other, tile)
			case len(ev) > 3 && (ev[len(ev)-2:] == "%s" || ev[len(ev)-3:] == "%sJ" || ev[len(ev)-4:] == "%sJJ"):
				if tile == "J" {
					tile = other
				}
				ev = fmt.Sprintf(ev, seat, tile)
			default:
				ev = fmt.Sprintf(ev, seat)
			}
			evs = append(evs, ev)
		}
		lg := &Log{Ruleset: "american", Dealer: notation.SeatEast, Prevailing: notation.SeatEast}
		for i, s := range evs {
			e, err := ParseEvent(s)
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			e.N = i + 1
			lg.Events = append(lg.Events, e)
		}
		d := American(nil, nil, nil, nil)
		g := newAmGame(lg, d, d.Flow.(*americanFlow))
		for i := range lg.Events {
			g.step(&lg.Events[i])
			if got := g.tiles(); got != 152 {
				t.Fatalf("after event %d %q: %d tiles, want 152", i+1, evs[i], got)
			}
			for s := range g.seats {
				if g.seats[s].unknown < 0 {
					t.Fatalf("after event %d %q: %s holds %d unseen tiles", i+1, evs[i], notation.Seat(s), g.seats[s].unknown)
				}
			}
		}
		g.finish()
	})
}
