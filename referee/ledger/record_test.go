package ledger

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/referee/gamerules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// sampleRecord plays a short Hong Kong evening with a fixed clock and returns its file's bytes.
func sampleRecord(t testing.TB) []byte {
	t.Helper()
	l, path := newGame(t, hkHeader(gamerules.Length{Kind: gamerules.Hands, N: 8}))
	for _, h := range []Hand{
		self("Ann", 3),
		{Drawn: true, Note: "wall ran out"},
		{Winner: "Ben", Discarder: "Ann", Faan: 5, Tiles: "123m456p789s111z22z"},
		{Winner: "Cat", Win: 5, Discarder: "Dan", Faan: 8, Responsible: "Dan"},
	} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := l.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Add(win("Cat", "Dan", 4)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRecordGolden pins the record format: the file is a contract with older and newer mjrefs.
func TestRecordGolden(t *testing.T) {
	got := sampleRecord(t)
	golden := filepath.Join("testdata", "evening.jsonl")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("record (-want +got):\n%s", diff)
	}
}

// reseal gives every line the sum and chain link mjref would have written for it, so an edit
// reaches the checks behind the chain.
func reseal(data string) string {
	prevRe := regexp.MustCompile(`,"prev":"[0-9a-f]*"`)
	var out strings.Builder
	prev := ""
	for _, ln := range strings.SplitAfter(data, "\n") {
		if ln == "" {
			continue
		}
		body := strings.TrimSuffix(ln, "\n")
		nl := len(body) < len(ln)
		if i := strings.LastIndex(body, sumKey); i >= 0 && strings.HasSuffix(body, `"}`) {
			body = body[:i] + "}"
		}
		if !strings.HasPrefix(body, "{") || !strings.HasSuffix(body, "}") {
			out.WriteString(ln)
			continue
		}
		body = prevRe.ReplaceAllString(body, "")
		if prev != "" {
			body = body[:len(body)-1] + `,"prev":"` + prev + `"}`
		}
		sum := sumOf([]byte(body))
		prev = sum
		out.WriteString(body[:len(body)-1] + sumKey + sum + `"}`)
		if nl {
			out.WriteString("\n")
		}
	}
	return out.String()
}

// TestCorruptRecord edits a good record the ways a person or a disk might and checks that each edit
// is refused with its line and what is wrong.
func TestCorruptRecord(t *testing.T) {
	good := sampleRecord(t)
	lines := strings.SplitAfter(string(good), "\n")
	lines = lines[:len(lines)-1] // the empty string after the last newline
	set := func(i int, s string) string {
		c := append([]string(nil), lines...)
		c[i-1] = s + "\n"
		return strings.Join(c, "")
	}
	drop := func(i int) string {
		c := append([]string(nil), lines[:i-1]...)
		return strings.Join(append(c, lines[i:]...), "")
	}
	edit := func(i int, old, new string) string {
		if !strings.Contains(lines[i-1], old) {
			t.Fatalf("line %d has no %q: %s", i, old, lines[i-1])
		}
		return set(i, strings.TrimSuffix(strings.Replace(lines[i-1], old, new, 1), "\n"))
	}
	tests := []struct {
		name string
		data string
		want string
	}{
		{"empty file", "", "empty file: not a ledger"},
		{"not json", set(3, "hello"), ":3: not a ledger event: invalid character 'h'"},
		{"blank line", set(2, ""), ":2: empty line"},
		{"unknown key", edit(2, `"seq":2`, `"seq":2,"colour":"red"`), `:2: not a ledger event: unknown field "colour"`},
		{"unknown event", edit(3, `"event":"hand"`, `"event":"hnad"`), `:3: unknown event "hnad"`},
		{"header not first", drop(1), `:1: seq 2 where 1 was expected`},
		{"line removed", drop(3), `:3: seq 4 where 3 was expected`},
		{"lines swapped", strings.Join([]string{lines[0], lines[2], lines[1]}, "") + strings.Join(lines[3:], ""), `:2: seq 3 where 2 was expected`},
		{"second header", set(2, strings.Replace(strings.TrimSpace(lines[0]), `"seq":1`, `"seq":2`, 1)), `:2: a second "new" event`},
		{"deltas edited", edit(2, `"deltas":[12,-4,-4,-4]`, `"deltas":[12,-4,-4,4]`), ":2: hand 1: deltas 12 -4 -4 4 add up to 8, not 0, in a zero-sum game"},
		{"three deltas", edit(2, `"deltas":[12,-4,-4,-4]`, `"deltas":[12,-4,-8]`), `:2: a "hand" event needs number, dealer, hand and 4 deltas`},
		{"deltas as text", edit(2, `"deltas":[12,-4,-4,-4]`, `"deltas":[12,-4,-4,"x"]`), `:2: not a ledger event: amount "x"`},
		{"wrong dealer", edit(4, `"dealer":"Ann"`, `"dealer":"Cat"`), ":4: hand 3 dealt by Cat, but the record before it gives hand 3 dealt by Ann"},
		{"unknown winner", edit(4, `"winner":"Ben"`, `"winner":"Bob"`), `:4: hand 3: winner "Bob" is not a player`},
		{"undo of the wrong hand", edit(6, `"undoes":5`, `"undoes":4`), ":6: undo of seq 4, but the last change standing is seq 5"},
		{"undo with a hand", edit(6, `"undoes":5`, `"undoes":5,"number":4`), `:6: "undo" events do not take number`},
		{"future version", edit(1, `"version":2`, `"version":3`), ":1: record version 3 is not supported"},
		{"two values", set(3, strings.TrimSpace(lines[2])+" {}"), ":3: more than one JSON value on the line"},
		{"bad win kind", edit(5, `"win":"robbing-kong"`, `"win":"flying"`), `:5: not a ledger event: unknown win "flying"`},
		{"the good record reads", string(good), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "evening.jsonl")
			if err := os.WriteFile(p, []byte(reseal(tt.data)), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Read(p)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Read: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Read: %v\nwant an error containing %q", err, tt.want)
			}
			t.Log(strings.TrimPrefix(err.Error(), p))
			if !errors.Is(err, ErrCorrupt) || !strings.HasPrefix(err.Error(), p) {
				t.Errorf("error %q is not a *RecordError naming the file", err)
			}
			// A writer refuses it too, and leaves the file alone.
			if _, err := Open(p); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Open: %v, want ErrCorrupt", err)
			}
			after, _ := os.ReadFile(p)
			if !bytes.Equal(after, []byte(reseal(tt.data))) {
				t.Errorf("Open changed a corrupt file")
			}
		})
	}
}
