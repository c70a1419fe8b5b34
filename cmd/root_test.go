package cmd

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func testIO(in string) (*IOStreams, *bytes.Buffer, *bytes.Buffer) {
	out, errOut := &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: strings.NewReader(in), Out: out, ErrOut: errOut}, out, errOut
}

// The score command's flags land in its options; runF replaces the work.
func TestScoreFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want scoreOptions
	}{
		{"defaults", []string{"123m"}, scoreOptions{Hand: "123m", Seat: "E", Prevailing: "E", Win: "discard", Output: "table"}},
		{"unquoted groups join", []string{"123m", "[555p]", "-o", "json"}, scoreOptions{Hand: "123m [555p]", Seat: "E", Prevailing: "E", Win: "discard", Output: "json"}},
		{"situation", []string{"1m", "--seat", "S", "--prevailing", "W", "--win", "self-draw", "--last-tile"},
			scoreOptions{Hand: "1m", Seat: "S", Prevailing: "W", Win: "self-draw", LastTile: true, Output: "table"}},
		{"batch", []string{"-", "-o", "jsonl"}, scoreOptions{Batch: true, Seat: "E", Prevailing: "E", Win: "discard", Output: "jsonl"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _ := testIO("")
			f := &factory{IO: ios}
			root := newRootCmd(f)
			var got *scoreOptions
			for i, c := range root.Commands() {
				if c.Name() == "score" {
					root.RemoveCommand(root.Commands()[i])
					root.AddCommand(newScoreCmd(f, func(o *scoreOptions) error { got = o; return nil }))
					break
				}
			}
			root.SetArgs(append([]string{"score"}, tt.args...))
			if err := root.Execute(); err != nil {
				t.Fatal(err)
			}
			got.IO = nil
			if diff := cmp.Diff(tt.want, *got, cmp.AllowUnexported(scoreOptions{})); diff != "" {
				t.Errorf("options (-want +got):\n%s", diff)
			}
		})
	}
}

// '-' with a terminal on standard input prints usage instead of waiting for input.
func TestDashOnTerminal(t *testing.T) {
	ios, out, errOut := testIO("")
	ios.InIsTerminal = func() bool { return true }
	if code := Run([]string{"score", "-"}, ios); code != ExitInput {
		t.Errorf("exit %d, want %d", code, ExitInput)
	}
	if !strings.Contains(errOut.String(), "Usage:") || out.Len() != 0 {
		t.Errorf("stderr %q, stdout %q: want usage on stderr", errOut, out)
	}
}

// A panic while handling one batch line is that line's error with exit status 3, and the run goes on.
func TestBatchPanicIsABug(t *testing.T) {
	var out bytes.Buffer
	sum, err := runBatch(strings.NewReader("a\nboom\nc\n"), &out, func(l batchLine) (any, bool, error) {
		if l.Text == "boom" {
			panic("kaboom")
		}
		return map[string]string{"line": l.Text}, true, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], `"code":3`) || !strings.Contains(lines[2], `"line":"c"`) {
		t.Errorf("output:\n%s", out.String())
	}
	if got := exitCode(sum.err()); got != ExitBug {
		t.Errorf("exit %d, want %d", got, ExitBug)
	}
}

func TestExitCodes(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{nil, ExitOK},
		{errNegative, ExitNo},
		{usageErrorf("bad flag"), ExitInput},
		{withHint(errors.New("bad"), "try"), ExitInput},
		{errors.New("unknown flag: --x"), ExitInput},
		{errors.New("something broke"), ExitBug},
	}
	for _, tt := range tests {
		if got := exitCode(tt.err); got != tt.want {
			t.Errorf("exitCode(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}
