package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadVersion1 reads a record written by the first release: same game, no chain to check, and
// a writer refuses it until it is upgraded; the upgrade keeps the original and every event.
func TestReadVersion1(t *testing.T) {
	v1, err := os.ReadFile(filepath.Join("testdata", "evening-v1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "evening.jsonl")
	os.WriteFile(p, v1, 0o644)
	old, err := Read(p, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	now := sampleState(t)
	if old.Version != 1 || old.Totals != now.Totals || old.Played != now.Played || old.Dealer != now.Dealer || old.Head != "" {
		t.Errorf("v1: version %d totals %v played %d dealer %s head %q; v2 totals %v", old.Version, old.Totals, old.Played, old.Dealer, old.Head, now.Totals)
	}
	if _, err := Open(p); !errors.Is(err, ErrOldVersion) || !strings.Contains(err.Error(), "mjref ledger upgrade "+p) {
		t.Errorf("Open v1: %v", err)
	}
	backup, _, err := Upgrade(p, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(backup); !bytes.Equal(b, v1) {
		t.Errorf("backup %s differs from the original", backup)
	}
	up, err := Read(p, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	if up.Version != Version || up.Totals != old.Totals || up.Events != old.Events || up.Head == "" {
		t.Errorf("upgraded: version %d totals %v events %d head %q", up.Version, up.Totals, up.Events, up.Head)
	}
	if b, _ := os.ReadFile(p); !bytes.Equal(b, sampleRecord(t)) {
		t.Errorf("the upgraded record is not what this mjref writes for the same game:\n%s", b)
	}
	l, err := Open(p, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
}

// TestChainEdits: edits that keep the JSON valid but change a line are caught by the line's sum, an
// edit with its sum recomputed by the chain, a removed last line by the head, and a hand whose
// result was edited with its payments left alone by recomputing the payments.
func TestChainEdits(t *testing.T) {
	good := string(sampleRecord(t))
	lines := strings.SplitAfter(good, "\n")
	lines = lines[:len(lines)-1]
	tests := []struct {
		name string
		data string
		want string
	}{
		{"faan edited", strings.Replace(good, `"faan":5`, `"faan":13`, 1), ":4: the line was changed after it was written"},
		{"last line edited", strings.Replace(good, `"faan":4`, `"faan":9`, 1), ":7: the line was changed after it was written"},
		{"edited and resealed", reseal(strings.Replace(good, `"faan":5`, `"faan":13`, 1)), ":4: hand 3 (Ben wins 13 faan on Ann's discard): the record pays -36 36 0 0, but the ruleset pays -192 192 0 0"},
		{"one line resealed", strings.Join(lines[:3], "") + reseal(lines[3]) + strings.Join(lines[4:], ""), ":4: the line has no link to the line before"},
		{"line removed", strings.Join(lines[:2], "") + strings.Join(lines[3:], ""), ":3: seq 4 where 3 was expected"},
		{"line removed and renumbered", reseal(strings.Join(lines[:2], "") + strings.Replace(strings.Join(lines[3:], ""), `"seq":4,`, `"seq":3,`, 1)), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "evening.jsonl")
			os.WriteFile(p, []byte(tt.data), 0o644)
			_, err := Read(p, WithSettler(testSettler))
			if tt.want == "" {
				if err == nil {
					t.Fatal("accepted")
				}
				t.Log(err)
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Read: %v\nwant %q", err, tt.want)
			}
			rep, err := Verify(p, WithSettler(testSettler))
			if err != nil || rep.OK() {
				t.Fatalf("Verify: %+v, %v", rep, err)
			}
		})
	}
	t.Run("last line removed", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "evening.jsonl")
		os.WriteFile(p, []byte(good), 0o644)
		full, _ := Verify(p)
		if !full.OK() || full.Head == "" {
			t.Fatalf("good record: %+v", full)
		}
		os.WriteFile(p, []byte(strings.Join(lines[:len(lines)-1], "")), 0o644)
		cut, _ := Verify(p)
		if !cut.OK() {
			t.Fatalf("a prefix is a valid record: %+v", cut.Problems)
		}
		if err := cut.CheckHead(full.Head); err != nil {
			t.Fatal(err)
		}
		if cut.OK() || !strings.Contains(cut.Problems[0].Msg, "1 line was removed from the end") {
			t.Errorf("head check: %+v", cut.Problems)
		}
	})
}

// TestVerifyReportsEveryEdit makes 200 random single-byte edits of a ledger and checks that Verify
// reports every one that leaves a different file (an edit to the same byte changes nothing).
func TestVerifyReportsEveryEdit(t *testing.T) {
	good := sampleRecord(t)
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(18, 14))
	p := filepath.Join(dir, "evening.jsonl")
	edits := 0
	for edits < 200 {
		data := bytes.Clone(good)
		i := rng.IntN(len(data))
		b := byte(rng.IntN(256))
		if b == data[i] {
			continue
		}
		data[i] = b
		edits++
		os.WriteFile(p, data, 0o644)
		rep, err := Verify(p, WithSettler(testSettler))
		if err != nil {
			t.Fatalf("edit %d (byte %d %q -> %q): %v", edits, i, good[i], b, err)
		}
		// One byte changed is never a write cut short, not even the last newline's.
		if rep.OK() || rep.Torn != nil {
			t.Errorf("edit %d (byte %d %q -> %q) not reported (torn %v)", edits, i, good[i], b, rep.Torn)
		}
		if _, err := Read(p, WithSettler(testSettler)); err == nil {
			t.Errorf("edit %d (byte %d %q -> %q): Read accepts it", edits, i, good[i], b)
		}
	}
}

// TestVerifyGoesOn: Verify reports every edited line, not only the first.
func TestVerifyGoesOn(t *testing.T) {
	good := string(sampleRecord(t))
	bad := strings.Replace(strings.Replace(good, `"note":"wall ran out"`, `"note":"wall ran 0ut"`, 1), `"faan":4`, `"faan":9`, 1)
	p := filepath.Join(t.TempDir(), "evening.jsonl")
	os.WriteFile(p, []byte(bad), 0o644)
	rep, err := Verify(p, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, pr := range rep.Problems {
		got = append(got, pr.Line)
	}
	if diff := cmp.Diff([]int{3, 7, 7}, got); diff != "" {
		t.Errorf("problem lines (-want +got):\n%s\n%+v", diff, rep.Problems)
	}
}

// TestWholeLineThenByte: a whole last line with any byte but a newline after it (one byte, several,
// or the next line, its newline replaced) is not a write cut short: Verify reports the line, and
// Read and Open refuse the file, naming it, and change nothing. A write cut short is still one.
func TestWholeLineThenByte(t *testing.T) {
	good := sampleRecord(t)
	lines := bytes.SplitAfter(good, []byte("\n"))
	lines = lines[:len(lines)-1] // the last is empty
	last := len(lines)
	body := good[:len(good)-1] // the record without its final newline
	type tcase struct {
		name string
		data []byte
		line int
	}
	var cases []tcase
	for b := range 256 {
		if b != '\n' {
			cases = append(cases, tcase{fmt.Sprintf("byte %#02x", b), append(bytes.Clone(body), byte(b)), last})
		}
	}
	cases = append(cases,
		tcase{"several bytes", append(bytes.Clone(body), "\r\x00 X{}"...), last},
		tcase{"zero bytes", append(bytes.Clone(body), 0, 0, 0, 0), last},
		tcase{"the next line", append(bytes.Clone(good[:len(good)-len(lines[last-1])-1]), append([]byte("X"), body[len(good)-len(lines[last-1]):]...)...), last - 1},
	)
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, "evening.jsonl")
			if err := os.WriteFile(p, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			rep, err := Verify(p, WithSettler(testSettler))
			if err != nil {
				t.Fatal(err)
			}
			if rep.OK() || rep.Torn != nil || rep.Problems[0].Line != c.line || !strings.Contains(rep.Problems[0].Msg, "where its newline should be") {
				t.Fatalf("Verify: torn %v, problems %v", rep.Torn, rep.Problems)
			}
			var re *RecordError
			if _, err := Read(p); !errors.As(err, &re) || re.Line != c.line {
				t.Fatalf("Read: %v, want a *RecordError at line %d", err, c.line)
			}
			if l, err := Open(p, WithSettler(testSettler)); !errors.As(err, &re) || re.Line != c.line {
				if err == nil {
					l.Close()
				}
				t.Fatalf("Open: %v, want a *RecordError at line %d", err, c.line)
			}
			if got, _ := os.ReadFile(p); !bytes.Equal(got, c.data) {
				t.Fatal("the file was changed")
			}
			if _, err := os.Stat(p + ".torn"); err == nil {
				t.Fatal("a side file was written")
			}
		})
	}
	// A write cut short, even followed by zero bytes (space a crash left unwritten), is torn.
	for _, data := range [][]byte{good[:len(good)-2], good[:len(good)-30], append(bytes.Clone(good[:len(good)-30]), 0, 0, 0)} {
		rep := verify("evening.jsonl", data, testSettler)
		if !rep.OK() || rep.Torn == nil || rep.Torn.Line != last {
			t.Errorf("cut to %d bytes: problems %v, torn %v", len(data), rep.Problems, rep.Torn)
		}
	}
	// Cut short after its whole sum: the sum must match what was written before it.
	edited := bytes.Replace(bytes.Clone(good[:len(good)-2]), []byte(`"faan":4`), []byte(`"faan":9`), 1)
	if rep := verify("evening.jsonl", edited, testSettler); rep.OK() || rep.Torn != nil {
		t.Errorf("a changed line cut after its sum: problems %v, torn %v", rep.Problems, rep.Torn)
	}
}
