package referee

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/american"
	"github.com/mjref/mjref/scoring/points"
)

// propertyCard is a small card with the lines the test logs use: L2 and A1 of the sample card.
func propertyCard(t interface{ Fatal(...any) }) *american.Card {
	c, err := american.Compile(american.CardSpec{Name: "property", Year: 2026, Lines: []american.LineSpec{
		{ID: "L2", Section: "Any Like Numbers", Pattern: []string{"NN XXXa XXXb XXXc SSS"}, Value: 30, JokerlessBonus: true},
		{ID: "A1", Section: "Addition Hands", Pattern: []string{"NN 4444a 5555b 9999c"}, Value: 25, JokerlessBonus: true},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// randomEvents draws n log events over a few tiles, legal or not, from verbs.
func randomEvents(t *rapid.T, verbs []string, tiles []string) []Event {
	n := rapid.IntRange(1, 60).Draw(t, "events")
	var evs []Event
	for i := range n {
		seat := rapid.SampledFrom([]string{"E", "S", "W", "N"}).Draw(t, fmt.Sprint("seat", i))
		tile := rapid.SampledFrom(tiles).Draw(t, fmt.Sprint("tile", i))
		f := rapid.SampledFrom(verbs).Draw(t, fmt.Sprint("verb", i))
		text := seat + " " + f
		if strings.Contains(f, "%s") {
			text = seat + " " + fmt.Sprintf(f, tile)
		}
		e, err := ParseEvent(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		e.N = i + 1
		evs = append(evs, e)
	}
	return evs
}

// TestDeBurgerReplayConservesTiles plays random DeBurger events, birds and flowers among them, and
// checks after every step that the replay accounts for exactly 144 tiles.
func TestDeBurgerReplayConservesTiles(t *testing.T) {
	verbs := []string{"draw", "draw %s", "discard %s", "discard 1s", "discard 1s", "pong", "chow", "pair", "win",
		"kong", "pass", "draw 1f", "draw 2f", "flower 1f", "flower 2f", "draw 3f", "flower 3f"}
	tiles := []string{"1s", "2s", "3s", "5p", "4z", "1m"}
	rapid.Check(t, func(t *rapid.T) {
		lg := &Log{Ruleset: "deburger-2026", Dealer: notation.SeatEast, Prevailing: notation.SeatEast}
		lg.Events = randomEvents(t, verbs, tiles)
		d := DeBurger(points.Default(), nil)
		f := d.Flow.(*deburgerFlow)
		db := &dbGame{flow: f, landed: notation.NoSeat}
		d.Score = db.score
		db.game = newGame(lg, d)
		if stepCounting(t, db, lg, 144, nil) {
			return // a log that cannot describe a real hand: Replay refuses it, as run does
		}
		db.finish()
		r := db.report()
		if r.Result.Outcome == OutcomeWin && len(r.Points) != 4 {
			t.Fatalf("a won hand scores every player: points %v", r.Points)
		}
	})
}

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
		d := American(propertyCard(t), nil, nil, nil)
		g := newAmGame(lg, d, d.Flow.(*americanFlow))
		stepCounting(t, g, lg, 152, func(i int) {
			for s := range g.seats {
				if g.seats[s].unknown < 0 {
					t.Fatalf("after event %d %q: %s holds %d unseen tiles", i+1, evs[i], notation.Seat(s), g.seats[s].unknown)
				}
			}
		})
		g.finish()
	})
}

// FuzzReplayFamilies replays any readable log under the American and the DeBurger flows: neither may
// panic, and both account for their whole set after the replay.
func FuzzReplayFamilies(f *testing.F) {
	for _, dir := range []string{"american", "deburger"} {
		paths, _ := filepath.Glob(filepath.Join("testdata/logs", dir, "*.yaml"))
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	card := propertyCard(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		// An American log reads 0 as the white dragon and flowers as tiles, as the referee command does.
		if lg, err := ReadLogWith(data, AmericanRead); err == nil {
			d := American(card, nil, nil, nil)
			g := newAmGame(lg, d, d.Flow.(*americanFlow))
			stepCounting(t, g, lg, g.tiles(), nil)
			g.finish()
			_ = g.report()
		}
		lg, err := ReadLog(data)
		if err != nil {
			return
		}
		r, err := Replay(lg, DeBurger(points.Default(), nil))
		if err != nil {
			return // a log that cannot describe a real hand
		}
		if r.Result.Outcome == OutcomeWin && len(r.Points) != 4 {
			t.Fatalf("deburger: a won hand scores every player: points %v", r.Points)
		}
	})
}
