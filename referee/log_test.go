package referee

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/mjref/mjref/notation"
)

// parseCase is an event as written and the Event it reads as (Text aside).
type parseCase struct {
	name string
	in   string
	want Event
}

// checkParse reads each case's event and compares it with the case's.
func checkParse(t *testing.T, tests []parseCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseEvent(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			tt.want.Text = tt.in
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ParseEvent(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// parseErrCase is an event that does not read, and a part of the error it must give.
type parseErrCase struct{ name, in, want string }

// checkParseErrors reads each case's event and checks the error.
func checkParseErrors(t *testing.T, tests []parseErrCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseEvent(tt.in)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseEvent(%q) = %v, want an error containing %q", tt.in, err, tt.want)
			}
		})
	}
}

func TestParseEvent(t *testing.T) {
	checkParse(t, []parseCase{
		{"discard", "E discard 3z", Event{Seat: notation.SeatEast, Verb: VerbDiscard, Tiles: tiles("3z")}},
		{"draw unseen", "S draw", Event{Seat: notation.SeatSouth, Verb: VerbDraw}},
		{"draw question mark", "S draw ?", Event{Seat: notation.SeatSouth, Verb: VerbDraw, Tiles: []notation.Tile{Unknown}}},
		{"lower case and alias", "w Pong Rd", Event{Seat: notation.SeatWest, Verb: VerbPong, Tiles: tiles("7z")}},
		{"pong written in full", "W pong 999s", Event{Seat: notation.SeatWest, Verb: VerbPong, Tiles: tiles("9s")}},
		{"chow", "N chow 798s", Event{Seat: notation.SeatNorth, Verb: VerbChow, Tiles: tiles("798s")}},
		{"add-kong spelled addkong", "N addkong 5p", Event{Seat: notation.SeatNorth, Verb: VerbAddKong, Tiles: tiles("5p")}},
		{"concealed kong of four", "E concealed-kong 7777s", Event{Seat: notation.SeatEast, Verb: VerbConcealedKong, Tiles: tiles("7s")}},
		{"two flowers", "N flower 2f6f", Event{Seat: notation.SeatNorth, Verb: VerbFlower, Tiles: tiles("2f6f")}},
		{"bare win", "E win", Event{Seat: notation.SeatEast, Verb: VerbWin}},
		{"win with hand", "E win 5p = 123m456m789m99s456p", Event{Seat: notation.SeatEast, Verb: VerbWin, Tiles: tiles("5p"),
			Shows: ptr(notation.Hand{Concealed: notation.CountsOf(tiles("123m456m789m99s456p")...)})}},
		{"pass", "S pass", Event{Seat: notation.SeatSouth, Verb: VerbPass}},
	})
}

func tiles(s string) []notation.Tile {
	ts, err := notation.ParseTiles(s)
	if err != nil {
		panic(err)
	}
	return ts
}

func ptr[T any](v T) *T { return &v }

func TestParseEventErrors(t *testing.T) {
	checkParseErrors(t, []parseErrCase{
		{"no action", "E", "expected SEAT ACTION"},
		{"bad seat", "X discard 3z", `unknown seat "X"`},
		{"bad verb", "E dscard 3z", `unknown action "dscard"`},
		{"discard without tile", "E discard", "discard: expected one tile"},
		{"discard unseen", "E discard ?", "always seen"},
		{"chow of two", "S chow 23p", "chow: expected the three tiles"},
		{"chow not a run", "S chow 246p", "not three consecutive"},
		{"pong of two kinds", "W pong 9s8s", "pong: expected one tile"},
		{"flower not bonus", "N flower 3m", "not a flower"},
		{"shown hand on a discard", "E discard 3z = 123m", "follows a win or a reveal only"},
		{"shown hand unseen", "E win = 123m?", "all seen"},
		{"bad tile", "E discard 0z", "not a tile"},
	})
}

func TestReadLogErrors(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		event int
		line  int
		want  string
	}{
		{"unknown key", "ruleset: hk\nevnts: []\n", 0, 2, "unknown key"},
		{"bad dealer", "dealer: X\n", 0, 1, "dealer: unknown seat"},
		{"bad hand", "hands:\n  E: \"123x\"\n", 0, 2, "hands.E"},
		{"hand seat twice", "hands:\n  E: 1m\n  east: 2m\n", 0, 3, "given twice"},
		{"bad wall", "wall: 1m2k\n", 0, 1, "wall:"},
		{"events not a list", "events: E discard 3z\n", 0, 1, "expected a list"},
		{"bad event", "events:\n  - E discard 3z\n  - S drw\n", 2, 3, `unknown action "drw"`},
		{"bad claim", "events:\n  - E discard 3z\n  - claims: [W pong 9s, N chw 789s]\n", 2, 3, `unknown action "chw"`},
		{"claim not a claim", "events:\n  - E discard 3z\n  - claims: [W discard 9s]\n", 2, 3, "a claim is chow"},
		{"empty claims", "events:\n  - claims: []\n", 1, 2, "at least one claim"},
		{"event mapping", "events:\n  - {E: discard}\n", 1, 2, "expected an event"},
		{"start wall", "start: {wall: many}\n", 0, 1, "start.wall"},
		{"start key", "start: {turn: S}\n", 0, 1, "unknown key in start"},
		{"not a mapping", "- E discard 3z\n", 0, 1, "expected a mapping"},
		{"jsonl bad event", "{\"dealer\": \"E\"}\n\"E discard 3z\"\n\"E dump 3z\"\n", 2, 3, `unknown action "dump"`},
		{"jsonl header twice", "\"E discard 3z\"\n{\"dealer\": \"E\"}\n", 0, 2, "header object must be the first line"},
		{"jsonl unknown key", "{\"dealr\": \"E\"}\n", 0, 1, "unknown field"},
		{"jsonl not json", "\"E discard 3z\"\nE draw\n", 2, 2, "expected a JSON string event"},
		{"plain claims string", "events:\n  - \"claims: W pong, N chw 789s\"\n", 1, 2, `unknown action "chw"`},
		// A JSON Lines header that is not valid JSON was read as YAML, which stopped after it: the
		// events were dropped and the log ruled legal and unfinished.
		{"jsonl header not json", "# a log\n{\"dealer\": \"E\",}\n\"E discard 3z\"\n\"S dump 3z\"\n", 0, 2, "not valid JSON"},
		{"jsonl event first not json", "\"E discard 3z\n\"S draw\"\n", 0, 1, "not valid JSON"},
		{"second yaml document", "dealer: E\n---\nevents: [E discard 3z]\n", 0, 3, "a second YAML document"},
		{"text after a flow sequence", "[E discard 3z]\nevents: [E discard 3z]\n", 0, 0, "text after the log's first value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadLog([]byte(tt.in))
			var le *LogError
			if !errors.As(err, &le) {
				t.Fatalf("ReadLog = %v, want a *LogError", err)
			}
			got := [2]int{le.Event, le.Line}
			if diff := cmp.Diff([2]int{tt.event, tt.line}, got); diff != "" {
				t.Errorf("event, line (-want +got):\n%s\nerror: %v", diff, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q lacks %q", err, tt.want)
			}
		})
	}
}

func TestLogErrorText(t *testing.T) {
	err := &LogError{Event: 2, Line: 3, Text: "S drw", Msg: `unknown action "drw"`}
	want := `line 3: event 2 "S drw": unknown action "drw"`
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestReadLogDefaults(t *testing.T) {
	lg, err := ReadLog([]byte("events:\n  - E discard 1z\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := []any{lg.Ruleset, lg.Dealer, lg.Prevailing, lg.Wall == nil, lg.Start == nil, lg.Hands[0] == nil}
	want := []any{"hk", notation.SeatEast, notation.SeatEast, true, true, true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestReadLogUnknownTiles(t *testing.T) {
	lg, err := ReadLog([]byte("hands:\n  W: \"11z ?11\"\n  N: \"?5p?\"\nwall: \"1m?2m\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := []any{lg.Hands[2].Unknown, lg.Hands[2].Tiles(), lg.Hands[3].Unknown, lg.Hands[3].Tiles(), lg.Wall}
	want := []any{11, 13, 2, 3, []notation.Tile{notation.M1, Unknown, notation.M1 + 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestReadLogJSONDocument(t *testing.T) {
	lg, err := ReadLog([]byte(`{"dealer": "S", "events": ["S discard 1z", {"claims": ["W pong 1z"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	got := []any{lg.Dealer, len(lg.Events), lg.Events[1].Verb, len(lg.Events[1].Claims)}
	want := []any{notation.SeatSouth, 2, VerbClaims, 1}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A log saved with a UTF-8 byte order mark (as Windows editors write) reads as the same log, in
// both formats: the mark once hid the JSON Lines header, and the log was read as an empty YAML one.
func TestReadLogByteOrderMark(t *testing.T) {
	for _, name := range []string{"testdata/logs/rob-added-kong.yaml", "testdata/logs/rob-added-kong-jsonl.jsonl"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := ReadLog(b)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadLog(append([]byte("\xef\xbb\xbf"), b...))
		if err != nil {
			t.Fatalf("%s with a byte order mark: %v", name, err)
		}
		if len(got.Events) == 0 {
			t.Fatalf("%s with a byte order mark: no events", name)
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s with a byte order mark (-without +with):\n%s", name, diff)
		}
	}
}

// TestJSONLinesMatchesYAML reads the same log in both formats.
func TestJSONLinesMatchesYAML(t *testing.T) {
	y, err := os.ReadFile("testdata/logs/rob-added-kong.yaml")
	if err != nil {
		t.Fatal(err)
	}
	j, err := os.ReadFile("testdata/logs/rob-added-kong-jsonl.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	ly, err := ReadLog(y)
	if err != nil {
		t.Fatal(err)
	}
	lj, err := ReadLog(j)
	if err != nil {
		t.Fatal(err)
	}
	ignore := cmp.Options{cmpopts.IgnoreFields(Event{}, "Line", "Text"), cmpopts.IgnoreFields(SeatHand{}, "Line"), cmpopts.IgnoreFields(Log{}, "WallLine")}
	if diff := cmp.Diff(ly, lj, ignore, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("YAML vs JSON Lines (-yaml +jsonl):\n%s", diff)
	}
}

// FuzzReadLog feeds the log reader arbitrary input: it returns a log or a *LogError, never panics,
// and a log it returns replays without panicking and without creating or losing a tile.
func FuzzReadLog(f *testing.F) {
	paths, _ := filepath.Glob("testdata/logs/*")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("events:\n  - claims: W pong 9s, N chow 789s\n"))
	f.Add([]byte("events: []\nevents: [E discard 1m]\n"))
	f.Add([]byte(`{"dealer": "E", "hands": {"E": "1m", "e": "2m"}, "dealer": "S"}` + "\n\"E discard 1m\"\n"))
	f.Add([]byte("events:\n  - E " + strings.Repeat("x", 500) + "\n"))
	f.Add([]byte("seats: wind\nhands:\n  S: \"123m456p789s222z5m\"\nstart: {}\nevents:\n  - S draw 5m\n  - S win\n"))
	f.Add([]byte(`{"seats": "wind", "dealer": "S"}` + "\n\"E discard 1m\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lg, err := ReadLog(data)
		if err != nil {
			var le *LogError
			if !errors.As(err, &le) {
				t.Fatalf("error %v is not a *LogError", err)
			}
			// Quoted input is an excerpt: a message stays short however long the input.
			if n := len(err.Error()); n > 1000 {
				t.Fatalf("a %d-byte message for %d bytes of input", n, len(data))
			}
			return
		}
		if lg.Seats != SeatsByStart && lg.Seats != SeatsByWind {
			t.Fatalf("seats read as %v", lg.Seats)
		}
		if lg.Seats == SeatsByWind && lg.Dealer != notation.SeatEast {
			t.Fatalf("seats by wind with dealer %v", lg.Dealer)
		}
		if len(lg.Events) > 200 {
			return
		}
		g := newGame(lg, testDeps())
		stepCounting(t, g, lg, g.tiles(), nil)
		g.finish()
		_ = g.report()
	})
}

// A log's seats: key and the caller's reading (ReadOptions.Seats) decide what its seat letters name;
// a contradiction, or a dealer other than E when seats are winds, is refused at its line.
func TestReadLogSeats(t *testing.T) {
	tests := []struct {
		name    string
		log     string
		by      SeatNaming
		want    SeatNaming
		wantErr string
	}{
		{"default is start", "dealer: S\nevents: []\n", SeatsAsLogSays, SeatsByStart, ""},
		{"key wind", "seats: wind\nevents: []\n", SeatsAsLogSays, SeatsByWind, ""},
		{"key winds", "seats: Winds\nevents: []\n", SeatsAsLogSays, SeatsByWind, ""},
		{"key start", "seats: start\ndealer: W\nevents: []\n", SeatsAsLogSays, SeatsByStart, ""},
		{"caller wind", "events: []\n", SeatsByWind, SeatsByWind, ""},
		{"caller agrees", "seats: wind\nevents: []\n", SeatsByWind, SeatsByWind, ""},
		{"json lines", `{"seats": "wind"}` + "\n\"E discard 1z\"\n", SeatsAsLogSays, SeatsByWind, ""},
		{"caller disagrees", "ruleset: hk\nseats: wind\nevents: []\n", SeatsByStart, 0, "line 2: seats: the log names its seats by wind, but it is to be read by start"},
		{"dealer with winds", "seats: wind\ndealer: S\nevents: []\n", SeatsAsLogSays, 0, `line 2: "S": dealer: the seats are named by this hand's winds, where E deals`},
		{"dealer with --by wind", "dealer: N\nevents: []\n", SeatsByWind, 0, `line 1: "N": dealer:`},
		{"unknown naming", "seats: places\nevents: []\n", SeatsAsLogSays, 0, `line 1: seats: "places": expected start`},
		{"not a scalar", "seats: [wind]\nevents: []\n", SeatsAsLogSays, 0, "seats: expected start or wind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lg, err := ReadLogWith([]byte(tt.log), ReadOptions{Seats: tt.by})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ReadLog = %v, want an error containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if lg.Seats != tt.want {
				t.Errorf("Seats = %v, want %v", lg.Seats, tt.want)
			}
			if lg.Seats == SeatsByWind && lg.Dealer != notation.SeatEast {
				t.Errorf("Dealer = %v with seats by wind, want E", lg.Dealer)
			}
		})
	}
}
