package ledger

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/internal/asciitable"
	"github.com/mjref/mjref/referee/gamerules"
)

func sampleState(t testing.TB) State {
	t.Helper()
	p := filepath.Join(t.TempDir(), "evening.jsonl")
	if err := os.WriteFile(p, sampleRecord(t), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestExportCSV(t *testing.T) {
	s := sampleState(t)
	var b bytes.Buffer
	if err := Export(&b, &s, FormatCSV); err != nil {
		t.Fatal(err)
	}
	want := `hand,round,prevailing,dealer,repeat,result,winners,discarder,responsible,note,Ann,Ben,Cat,Dan,Ann total,Ben total,Cat total,Dan total
1,1,E,Ann,0,Ann wins 3 faan by self-draw,Ann,,,,12,-4,-4,-4,12,-4,-4,-4
2,1,E,Ann,1,drawn,,,,wall ran out,0,0,0,0,12,-4,-4,-4
3,1,E,Ann,2,Ben wins 5 faan on Ann's discard,Ben,Ann,,,-36,36,0,0,-24,32,-4,-4
4,1,E,Ben,0,Cat wins 4 faan on Dan's discard,Cat,Dan,,,0,0,24,-24,-24,32,20,-28
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("csv (-want +got):\n%s", diff)
	}
}

// TestExportCSVTable: several winners and the notes are in their columns, names that look like
// formulas are quoted, a player who left and one who sat down have their own columns, a family
// without a prevailing wind or repeats has no such columns, and --excel starts with a BOM.
func TestExportCSVTable(t *testing.T) {
	h := Header{Players: [4]string{"=1+1", "張三", "Cat", "Dan"}, Ruleset: "american", Family: "american", Flow: gamerules.AmericanFlow()}
	l, path := newGame(t, h)
	l.Add(Hand{Winner: "張三", Faan: 3, Discarder: "Cat", Also: []Claim{{Winner: "Dan", Faan: 4}}, Note: "-two at once"})
	l.Seat("Dan", "@Eve")
	l.Add(win("@Eve", "=1+1", 3))
	l.Close()
	s, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := ExportCSV(&b, &s, ExportOptions{Excel: true}); err != nil {
		t.Fatal(err)
	}
	want := "\uFEFF" + `hand,dealer,result,winners,discarder,responsible,note,'=1+1,張三,Cat,Dan,'@Eve,'=1+1 total,張三 total,Cat total,Dan total,'@Eve total
1,'=1+1,張三 wins 3 faan and Dan wins 4 faan on Cat's discard,張三; Dan,Cat,,'-two at once,0,12,-36,24,,0,12,-36,24,
2,張三,'@Eve wins 3 faan on =1+1's discard,'@Eve,'=1+1,,,-12,0,0,,12,-12,12,-36,,12
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("csv (-want +got):\n%s", diff)
	}
}

func TestExportJSON(t *testing.T) {
	s := sampleState(t)
	var b bytes.Buffer
	if err := Export(&b, &s, FormatJSON); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Players    []string
		Hand       int
		Dealer     string
		Seats      []string
		Prevailing string
		Totals     []Amount
		Undone     int
		History    []struct{ Number int }
		Standings  []Standing
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if diff := cmp.Diff([]string{"W", "N", "E", "S"}, got.Seats); diff != "" {
		t.Errorf("seats (-want +got):\n%s", diff)
	}
	if got.Hand != 5 || got.Dealer != "Cat" || got.Prevailing != "E" || got.Undone != 1 || len(got.History) != 4 {
		t.Errorf("hand %d dealer %s wind %s undone %d history %d", got.Hand, got.Dealer, got.Prevailing, got.Undone, len(got.History))
	}
	if diff := cmp.Diff(pts(-24, 32, 20, -28), got.Totals); diff != "" {
		t.Errorf("totals (-want +got):\n%s", diff)
	}
	if got.Standings[0].Player != "Ben" || got.Standings[3].Player != "Dan" {
		t.Errorf("standings %+v", got.Standings)
	}
	if err := Export(&b, &s, "xml"); err == nil {
		t.Errorf("xml: no error")
	}
}

func TestSparklines(t *testing.T) {
	s := sampleState(t)
	want := "Ann ▅▅▁▁ -24\nBen ▃▃██ 32\nCat ▃▃▃▆ 20\nDan ▃▃▃▁ -28\n"
	if diff := cmp.Diff(want, Sparklines(&s, 60)); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
}

func TestSparklinesSampling(t *testing.T) {
	l, _ := newGame(t, hkHeader(gamerules.Length{}))
	for i := range 100 {
		if _, err := l.Add(win(players[(i+1)%4], players[i%4], 3)); err != nil {
			t.Fatal(err)
		}
	}
	s := l.State()
	tests := []struct {
		name  string
		width int
		runes int
	}{{"fits", 200, 100}, {"sampled", 30, 30}, {"one", 1, 1}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first := strings.SplitN(Sparklines(&s, tt.width), "\n", 2)[0]
			spark := strings.Fields(first)[1]
			if n := len([]rune(spark)); n != tt.runes {
				t.Errorf("%d runes, want %d: %s", n, tt.runes, first)
			}
		})
	}
}

// SparkBuckets: every value in one column, in order, the columns as even as they go and never
// more than the width.
func TestSparkBuckets(t *testing.T) {
	for _, tt := range []struct{ n, width int }{{0, 10}, {5, 10}, {10, 10}, {11, 10}, {500, 60}, {501, 7}, {3, 0}, {1000, 1}} {
		ends := SparkBuckets(tt.n, tt.width)
		want := min(tt.n, max(tt.width, 0))
		if tt.width < 1 {
			want = tt.n
		}
		if len(ends) != want {
			t.Errorf("%d in %d: %d columns, want %d", tt.n, tt.width, len(ends), want)
		}
		from, lo, hi := 0, tt.n, 0
		for _, e := range ends {
			if e <= from {
				t.Fatalf("%d in %d: an empty column (%v)", tt.n, tt.width, ends)
			}
			lo, hi = min(lo, e-from), max(hi, e-from)
			from = e
		}
		if from != tt.n || len(ends) > 0 && hi-lo > 1 {
			t.Errorf("%d in %d: columns end %v (sizes %d to %d)", tt.n, tt.width, ends, lo, hi)
		}
	}
}

// TestSparklinesWide: a Chinese name takes two columns a character, so the bars still start in one
// column for every player.
func TestSparklinesWide(t *testing.T) {
	l, _ := newGame(t, Header{Players: [4]string{"Ann", "張三", "Catherine", "李"}, Ruleset: "hk", Family: "hk", Flow: gamerules.HongKongFlow()})
	if _, err := l.Add(Hand{Winner: "張三", Discarder: "Ann", Faan: 3}); err != nil {
		t.Fatal(err)
	}
	s := l.State()
	lines := strings.Split(strings.TrimSuffix(Sparklines(&s, 60), "\n"), "\n")
	for _, line := range lines {
		bar := strings.IndexAny(line, "▁▂▃▄▅▆▇█")
		if w := asciitable.Width(line[:bar]); w != len("Catherine ") {
			t.Errorf("the bars of %q start at column %d, want %d", line, w, len("Catherine "))
		}
	}
}

// TestSparklinesSeat: a player who leaves keeps their line up to the hand they left, and the one
// who takes the seat has theirs from the hand they sat down: the seat's earlier hands are not
// drawn under the new name.
func TestSparklinesSeat(t *testing.T) {
	l, _ := newGame(t, hkHeader(gamerules.Length{}))
	for _, h := range []Hand{win("Ben", "Ann", 5), win("Dan", "Cat", 4)} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Seat("Dan", "Eve"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Add(win("Eve", "Ben", 3)); err != nil {
		t.Fatal(err)
	}
	s := l.State()
	lines := strings.Split(strings.TrimSuffix(Sparklines(&s, 60), "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want one for each of the 5 players:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	bars := func(line string) []rune { return []rune(line)[4:7] } // the name column is "Ann "
	if got := string(bars(lines[3])); got[len(got)-1] != ' ' || lines[3][:4] != "Dan " {
		t.Errorf("Dan's line %q: hand 3 should be blank", lines[3])
	}
	if got := bars(lines[4]); got[0] != ' ' || got[1] != ' ' || got[2] == ' ' || !strings.HasPrefix(lines[4], "Eve ") {
		t.Errorf("Eve's line %q: hands 1 and 2 should be blank, hand 3 drawn", lines[4])
	}
}
