package riichilog_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/referee/riichilog"
)

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// summary is what a test compares of a game: the parts a person checks by eye.
type summary struct {
	Format  riichilog.Format
	Players int
	Red     bool
	Names   []string
	Rounds  []string
	Events  []string
	Results []string
	Final   []int
}

func summarize(g *riichilog.Game) summary {
	s := summary{Format: g.Format, Players: g.Rules.Players, Red: g.Rules.Red, Names: g.Names}
	for _, r := range g.Rounds {
		s.Rounds = append(s.Rounds, r.Name()+" dealer "+itoa(r.Dealer)+" honba "+itoa(r.Honba)+" dora "+tiles(r.Dora))
		for _, e := range r.Events {
			line := string(e.Kind) + " " + itoa(e.Seat)
			if e.Tile.Valid() {
				line += " " + e.Tile.String()
			}
			if e.Tsumogiri {
				line += " tsumogiri"
			}
			if e.Meld != nil {
				line += " " + string(e.Meld.Kind) + " " + tiles(e.Meld.Tiles) + " from " + itoa(e.Meld.From)
			}
			s.Events = append(s.Events, line)
		}
		for _, res := range r.Results {
			line := string(res.Kind) + " " + itoa(res.Winner) + " from " + itoa(res.From) + " " + itoa(res.Han) + " han " + itoa(res.Fu) + " fu " + itoa(res.Points) + " " + res.Limit.String()
			for _, y := range res.Yaku {
				line += " " + y.Name
			}
			line += " deltas"
			for _, d := range res.Deltas {
				line += " " + itoa(d)
			}
			s.Results = append(s.Results, line)
		}
	}
	if g.Final != nil {
		s.Final = g.Final.Scores
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }

func tiles(ts []riichilog.Tile) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.String())
	}
	return b.String()
}

func TestReadMjlog(t *testing.T) {
	g, err := riichilog.Read(readFile(t, "small.mjlog"))
	if err != nil {
		t.Fatal(err)
	}
	want := summary{
		Format: riichilog.Mjlog, Players: 4, Red: true, Names: []string{"Ann", "Ben", "Cat", "Dan"},
		Rounds: []string{"E1 dealer 0 honba 0 dora 7z"},
		Events: []string{
			"draw 0 9m", "riichi 0", "discard 0 9m tsumogiri", "riichi-accepted 0",
			"draw 1 1p", "discard 1 1p tsumogiri",
			"call 2 1p chi 1p2p3p from 1", "discard 2 4s",
			"draw 3 5z", "discard 3 5z tsumogiri",
			"draw 0 9m", "discard 0 9m tsumogiri",
			"draw 1 4m", "discard 1 4m tsumogiri",
		},
		Results: []string{"ron 0 from 1 13 han 50 fu 48000 yakuman double riichi toitoi sanankou chinitsu aka dora deltas 49000 -48000 0 0"},
		Final:   []int{73000, -23000, 25000, 25000},
	}
	if diff := cmp.Diff(want, summarize(g)); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if diffs, unchecked := riichilog.Check(g); len(diffs) > 0 || unchecked > 0 {
		t.Errorf("Check: %v, %d unchecked", diffs, unchecked)
	}
}

func TestReadGzip(t *testing.T) {
	plain := readFile(t, "small.mjlog")
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(plain)
	zw.Close()
	want, err := riichilog.Read(plain)
	if err != nil {
		t.Fatal(err)
	}
	got, err := riichilog.Read(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(summarize(want), summarize(got)); diff != "" {
		t.Errorf("(-plain +gzip)\n%s", diff)
	}
	_, err = riichilog.Read(buf.Bytes()[:buf.Len()/2])
	wantError(t, err, "gzip: the compressed log is truncated")
}

func TestReadMjai(t *testing.T) {
	g, err := riichilog.Read(readFile(t, "small.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	want := summary{
		Format: riichilog.Mjai, Players: 4, Red: true, Names: []string{"Ann", "Ben", "Cat", "Dan"},
		Rounds: []string{"E1 dealer 0 honba 1 dora 7z"},
		Events: []string{
			"draw 0 9p", "discard 0 9p tsumogiri", "draw 1 1z", "riichi 1", "discard 1 4s", "riichi-accepted 1",
			"draw 2 6z", "discard 2 4z", "draw 3", "discard 3 5z tsumogiri",
			"call 2 5z pon 5z5z5z from 3", "discard 2 4z", "draw 3", "discard 3 5p tsumogiri",
		},
		Results: []string{"ron 0 from 3 3 han 40 fu 7700  deltas 9000 0 0 -8000"},
		Final:   []int{34000, 24000, 25000, 17000},
	}
	if diff := cmp.Diff(want, summarize(g)); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if diffs, unchecked := riichilog.Check(g); len(diffs) > 0 || unchecked > 0 {
		t.Errorf("Check: %v, %d unchecked", diffs, unchecked)
	}
}

func wantError(t *testing.T, err error, want string) {
	t.Helper()
	var e *riichilog.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want a *riichilog.Error containing %q", err, err, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q, want it to contain %q", err, want)
	}
}

// TestReadBad reads logs that cannot be a real game, or are hostile: each is an *Error that names
// the element or line.
func TestReadBad(t *testing.T) {
	good := string(readFile(t, "small.mjlog"))
	goodMjai := string(readFile(t, "small.jsonl"))
	laughs := `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">` +
		`<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>` +
		`<mjloggm ver="2.3"><UN n0="&lol9;"/></mjloggm>`
	tests := []struct {
		name, log, want string
	}{
		{"billion laughs", laughs, `mjlog element 1 <!DOCTYPE> at byte 21: a DOCTYPE or other declaration: an mjlog has none, and entities it declares are never expanded`},
		{"custom entity without a DOCTYPE", `<mjloggm ver="2.3"><UN n0="&lol9;"/></mjloggm>`, `mjlog element 2 <?> at byte 19: not well-formed XML (line 1): invalid character entity &lol9; (an mjlog uses only XML's own entities)`},
		{"10 MB attribute", `<mjloggm><SHUFFLE seed="` + strings.Repeat("A", 10<<20) + `"/></mjloggm>`, "the log is larger than the limit of 1 MiB"},
		{"long attribute", `<mjloggm><SHUFFLE seed="` + strings.Repeat("A", 100<<10) + `"/></mjloggm>`, `mjlog element 2 <SHUFFLE> at byte 9: attribute seed is 102400 bytes, over the limit of 8 KiB`},
		{"too many elements", `<mjloggm>` + strings.Repeat(`<GO type="1"/>`, 20001) + `</mjloggm>`, `element 20001 <GO> at byte 279995: more than 20000 elements`},
		{"chi from across", strings.Replace(good, `m="22015"`, `m="22014"`, 1), `mjlog element 12 <N> at byte 504: call code 22014 is a chi from the seat across, but a chi takes only the previous seat's discard`},
		{"chi past the runs", strings.Replace(good, `m="22015"`, `m="65535"`, 1), `call code 65535 is a chi starting at run 21: there are 21 runs`},
		{"pon from itself", strings.Replace(good, `m="22015"`, `m="8"`, 1), `call code 8 is a pon called from the caller's own hand`},
		{"kita of a wind", strings.Replace(good, `m="22015"`, `m="32"`, 1), `call code 32 sets aside tile 0 (1m), but only a north is set aside`},
		{"call of another tile", strings.Replace(good, `m="22015"`, `m="22007"`, 1), `seat 2 calls chi on tile 38 (1p) from seat 1, which is not the last discard`},
		{"discard not held", strings.Replace(good, `<D32/>`, `<D36/>`, 1), `mjlog element 8 <D36> at byte 439: seat 0 discards tile 36 (1p), which is not in its hand`},
		{"a tile drawn twice", strings.Replace(good, `<U39/><E39/>`, `<U0/><E0/>`, 1), `mjlog element 10 <U0> at byte 492: draw: tile 0 (1m) is already in play in this hand`},
		{"tile id past 135", strings.Replace(good, `<T32/>`, `<T136/>`, 1), `draw: tile 136: tile ids run 0-135`},
		{"seat past the table", strings.Replace(good, `<N who="2"`, `<N who="4"`, 1), `who=4 is out of range 0-3`},
		{"unknown element", strings.Replace(good, `<T32/>`, `<X/>`, 1), `mjlog element 6 <X> at byte 408: unknown element <X>`},
		{"truncated", good[:600], `not well-formed XML (line 1): unexpected EOF`},
		{"short deal", strings.Replace(good, `hai0="0,1,2,`, `hai0="1,2,`, 1), `hai0 deals 12 tiles to seat 0: a hand is dealt 13`},
		{"not a log", `hello`, `not a Tenhou mjlog, tenhou.net/6 or mjai log (it begins with "hello")`},
		{"empty", ` `, `the log is empty`},
		{"mjai bad tile", strings.Replace(goodMjai, `"pai":"9p"`, `"pai":"0p"`, 1), `mjai line 3: pai: "0p" is not an mjai tile`},
		{"mjai fifth tile", strings.Replace(strings.Replace(goodMjai, `"pai":"9p"`, `"pai":"S"`, 1), `"dora_marker":"C"`, `"dora_marker":"S"`, 1), `mjai line 3: a fifth 2z`},
		{"mjai discard not held", strings.Replace(goodMjai, `"actor":2,"pai":"N","tsumogiri":false}`, `"actor":2,"pai":"1m","tsumogiri":false}`, 1), `mjai line 10: seat 2 gives up 1m, which is not in its hand`},
		{"mjai chi from across", strings.Replace(goodMjai, `{"type":"pon","actor":2,"target":3,"pai":"P","consumed":["P","P"]}`, `{"type":"chi","actor":2,"target":0,"pai":"P","consumed":["P","P"]}`, 1), `mjai line 13: seat 2 calls chi from seat 0`},
		{"mjai bad json", strings.Replace(goodMjai, `{"type":"tsumo","actor":0,"pai":"9p"}`, `{"type":"tsumo","actor":0,`, 1), `mjai line 3: not an mjai event`},
		{"mjai unknown type", strings.Replace(goodMjai, `"type":"tsumo","actor":0`, `"type":"tsumox","actor":0`, 1), `mjai line 3: unknown event type "tsumox"`},
		{"mjai seat", strings.Replace(goodMjai, `"type":"tsumo","actor":0`, `"type":"tsumo","actor":7`, 1), `mjai line 3: actor 7 is not a seat of the table (0-3)`},
		{"mjai long line", goodMjai + `{"type":"end_game","x":"` + strings.Repeat("a", 70<<10) + `"}`, `mjai line 20: the line is 71706 bytes, over the limit of 64 KiB`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := riichilog.Read([]byte(tt.log))
			if err == nil {
				t.Fatalf("read a game of %d hands, want an error containing %q", len(g.Rounds), tt.want)
			}
			wantError(t, err, tt.want)
		})
	}
}

func TestReadTenhou6(t *testing.T) {
	g, err := riichilog.Read(readFile(t, "small.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := summary{
		Format: riichilog.Tenhou6, Players: 4, Red: true, Names: []string{"Ann", "Ben", "Cat", "Dan"},
		Rounds: []string{"E1 dealer 0 honba 1 dora 7z", "E1 dealer 0 honba 2 dora 1m"},
		Events: []string{
			"draw 0 9p", "discard 0 9p tsumogiri", "draw 1 1z", "riichi 1", "discard 1 4s", "riichi-accepted 1",
			"draw 2 6z", "discard 2 4z", "draw 3 5z", "discard 3 5z tsumogiri",
			"call 2 5z pon 5z5z5z from 3", "discard 2 4z", "draw 3 5p", "discard 3 5p tsumogiri",
			"draw 0 7z",
		},
		Results: []string{"ron 0 from 3 3 han 40 fu 7700  ittsu aka dora deltas 9000 0 0 -8000", "abort -1 from -1 0 han 0 fu 0  deltas 0 0 0 0"},
	}
	if diff := cmp.Diff(want, summarize(g)); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if diffs, unchecked := riichilog.Check(g); len(diffs) > 0 || unchecked > 0 {
		t.Errorf("Check: %v, %d unchecked", diffs, unchecked)
	}
}

// TestReadTenhou6Bad reads tenhou.net/6 logs that are not one game: each error names the JSON path.
func TestReadTenhou6Bad(t *testing.T) {
	good := string(readFile(t, "small.json"))
	tests := []struct{ name, from, to, want string }{
		{"tile code", `[29],[60]`, `[30],[60]`, `tenhou6 log[0][5][0]: 30 is not a tile code`},
		{"pon from nobody", `"4545p45"`, `"45p4545"`, `tenhou6 log[0][11][1]: seat 2 has 1 takes left when the play ends`},
		{"not a call", `"4545p45"`, `"45x4545"`, `tenhou6 log[0][11][1]: "45x4545" is not a call`},
		{"pon of two kinds", `"4545p45"`, `"4546p45"`, `tenhou6 log[0][11][1]: "4546p45": the tiles 5z6z5z are not all one tile`},
		{"win value", `40符3飜7700点`, `40 fu 7700`, `tenhou6 log[0][16][2][3]: "40 fu 7700" is not a win's value`},
		{"seat", `[0,3,0,"40符`, `[0,7,0,"40符`, `tenhou6 log[0][16][2][1]: not a seat of the table (0-3)`},
		{"result name", `"九種九牌"`, `"どこか"`, `tenhou6 log[1][16][0]: "どこか" is not one of tenhou.net/6's results`},
		{"entries", `[47],[],`, `[47],`, `tenhou6 log[0]: 16 entries for 4 seats: want 17`},
		{"no log", `"log":[`, `"logs":[`, `no "log" key: not a tenhou.net/6 log`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := strings.Replace(good, tt.from, tt.to, 1)
			if log == good {
				t.Fatalf("%q is not in the log", tt.from)
			}
			_, err := riichilog.Read([]byte(log))
			wantError(t, err, tt.want)
		})
	}
}
