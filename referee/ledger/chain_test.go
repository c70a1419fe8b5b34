package ledger

import (
	"bytes"
	"errors"
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
	backup, err := Upgrade(p, WithSettler(testSettler))
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
		if rep.OK() && rep.Torn == nil {
			t.Errorf("edit %d (byte %d %q -> %q) not reported", edits, i, good[i], b)
		}
		if _, err := Read(p, WithSettler(testSettler)); err == nil && rep.Torn == nil {
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
