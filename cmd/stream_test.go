package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mjref/mjref/internal/safeio"
)

// TestBatchStreams keeps one batch process open and feeds it a line at a time: each answer must
// come back before the next line is written, in every batch command and output format. The pipes
// are real (os.Pipe), as when a bot drives mjref.
func TestBatchStreams(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		lines []string
		want  []string // a string each answer holds, in order
		end   string   // how an answer ends: its last line starts with one of these, split at |
	}{
		{"score jsonl", []string{"score", "-", "-o", "jsonl"}, []string{"123m456p789s111z55z", "123m45x", `{"hand": "222z 123m456m789m 11p", "win": "self-draw"}`},
			[]string{`"hand":"123m456p789s11155z"`, `"input_line":2`, `"win":"self-draw"`}, "{"},
		{"score table", []string{"score", "-"}, []string{"123m456p789s111z55z", "123m456m789m222z11p"},
			[]string{"line 1: hand:     123m456p789s11155z", "line 2: hand:     123456789m1p222z+1p"}, "total:|verdict:"},
		{"score yaml", []string{"score", "-", "-o", "yaml"}, []string{"123m456p789s111z55z", "123m456m789m222z11p"},
			[]string{"input_line: 1", "input_line: 2"}, "self_drawn:"},
		{"waits jsonl", []string{"waits", "-", "-o", "jsonl"}, []string{"1112345678999m", "123m456p789s11z45s"},
			[]string{`"hand":"1112345678999m"`, `"hand":"123m456p4789s11z+5s"`}, "{"},
		{"parse jsonl", []string{"parse", "-", "-o", "jsonl"}, []string{"123m456p789s11z [555p]", "19m19p19s1234567z"},
			[]string{`"canonical":"123m456p789s11z [555p]"`, `"canonical":"19m19p19s1234567z"`}, "{"},
		{"closest jsonl", []string{"closest", "-", "--rules", "american", "--top", "1", "-o", "jsonl"}, []string{"NN 2026m SS 666p 66s", "ff 2222m 44m 666p 8p J"},
			[]string{`"input_line":1`, `"input_line":2`}, "{"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inR, inW, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			outR, outW, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer outR.Close()
			var errOut bytes.Buffer
			code := make(chan int, 1)
			go func() {
				code <- Run(tt.args, &IOStreams{In: inR, Out: outW, ErrOut: &errOut})
				outW.Close()
			}()
			answers := bufio.NewReader(outR)
			for i, line := range tt.lines {
				if _, err := io.WriteString(inW, line+"\n"); err != nil {
					t.Fatal(err)
				}
				got := readAnswer(t, answers, tt.end)
				if !strings.Contains(got, tt.want[i]) {
					t.Fatalf("answer to line %d %q:\n%s\nwant it to hold %q", i+1, line, got, tt.want[i])
				}
			}
			inW.Close()
			select {
			case <-code:
			case <-time.After(time.Minute):
				t.Fatal("the batch did not end when its input did")
			}
			if rest, _ := io.ReadAll(answers); len(rest) > 0 {
				t.Errorf("more output after the last answer: %q", rest)
			}
		})
	}
}

// readAnswer reads lines until one that starts with one of end's |-separated prefixes (for JSON
// Lines, "{": the line itself), failing instead of hanging when no answer comes.
func readAnswer(t *testing.T, r *bufio.Reader, end string) string {
	t.Helper()
	type result struct {
		s   string
		err error
	}
	got := make(chan result, 1)
	go func() {
		var b strings.Builder
		for {
			line, err := r.ReadString('\n')
			b.WriteString(line)
			last := slices.ContainsFunc(strings.Split(end, "|"), func(p string) bool { return strings.HasPrefix(line, p) })
			if err != nil || last {
				got <- result{b.String(), err}
				return
			}
		}
	}()
	select {
	case res := <-got:
		if res.err != nil {
			t.Fatalf("reading the answer: %v (so far %q)", res.err, res.s)
		}
		return res.s
	case <-time.After(time.Minute):
		t.Fatal("no answer while the input stays open: the batch holds results back")
		return ""
	}
}

// A batch written to a file keeps input order across chunks and workers, and a file of many lines
// is answered in full.
func TestBatchToFileKeepsOrder(t *testing.T) {
	input := randomWinningHands(3000, 3)
	out, err := os.Create(filepath.Join(t.TempDir(), "out.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	if code := Run([]string{"score", "-", "-o", "jsonl", "--win", "self-draw"}, &IOStreams{In: strings.NewReader(input), Out: out, ErrOut: &errOut}); code > 1 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if _, err := out.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	n := 0
	for sc.Scan() {
		n++
		var v struct {
			InputLine int `json:"input_line"`
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		if v.InputLine != n {
			t.Fatalf("output line %d answers input line %d", n, v.InputLine)
		}
	}
	if n != 3000 {
		t.Errorf("%d answers, want 3000", n)
	}
}

// A long line under safeio.LineLimit is read whole; one past it fails that line alone (exit 2,
// its number) and the batch goes on.
func TestBatchLongLines(t *testing.T) {
	long := strings.Repeat(" ", 60_000) + "123m456p789s11z [555p]"
	var out bytes.Buffer
	sum, err := runBatch(strings.NewReader("1m\n"+long+"\n"), &out, func(l batchLine) (any, bool, error) {
		return map[string]int{"line": l.N, "len": len(l.Text)}, true, nil
	})
	if err != nil || sum.Lines != 2 {
		t.Fatalf("lines %d, err %v", sum.Lines, err)
	}
	if want := `{"schema_version":1,"len":2,"line":1}` + "\n" + `{"schema_version":1,"len":22,"line":2}` + "\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	out.Reset()
	sum, err = runBatch(strings.NewReader("1m\n"+strings.Repeat("x", safeio.LineLimit+1)+"\n2m\n"), &out, func(l batchLine) (any, bool, error) {
		return map[string]string{"text": l.Text}, true, nil
	})
	if err != nil || sum.Lines != 3 || sum.Failed != 1 {
		t.Fatalf("lines %d, failed %d, err %v: want 3 lines, 1 failed", sum.Lines, sum.Failed, err)
	}
	if got := sum.err(); exitCode(got) != ExitInput || !strings.Contains(got.Error(), "line 2: longer than the limit of 64 KiB") {
		t.Errorf("result %v (exit %d): want line 2 refused with exit 2", got, exitCode(got))
	}
	want := `{"schema_version":1,"text":"1m"}` + "\n" +
		`{"schema_version":1,"input_line":2,"input":"","error":"longer than the limit of 64 KiB for one line of standard input: skipped","code":2}` + "\n" +
		`{"schema_version":1,"text":"2m"}` + "\n"
	if out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

// runBatch runs a JSON Lines batch: see batch.run.
func runBatch(in io.Reader, out io.Writer, fn batchFunc) (batchSummary, error) {
	return batch{handle: fn, format: FormatJSONL}.run(in, out, io.Discard)
}
