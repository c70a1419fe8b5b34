package cmd

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"syscall"
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
		name  string
		args  []string
		want  scoreOptions
		extra map[string]any // the families' situation flags given
	}{
		{"defaults", []string{"123m"}, scoreOptions{Hand: "123m", Seat: "E", Prevailing: "E", Win: "discard", Output: "table"}, nil},
		{"unquoted groups join", []string{"123m", "[555p]", "-o", "json"}, scoreOptions{Hand: "123m [555p]", Seat: "E", Prevailing: "E", Win: "discard", Output: "json"}, nil},
		{"situation", []string{"1m", "--seat", "S", "--prevailing", "W", "--win", "self-draw", "--last-tile"},
			scoreOptions{Hand: "1m", Seat: "S", Prevailing: "W", Win: "self-draw", LastTile: true, Output: "table"}, nil},
		{"batch", []string{"-", "-o", "jsonl"}, scoreOptions{Batch: true, Seat: "E", Prevailing: "E", Win: "discard", Output: "jsonl"}, nil},
		{"a family's situation", []string{"1m", "--riichi", "--dora", "1p", "--honba", "2", "--ippatsu=false"},
			scoreOptions{Hand: "1m", Seat: "E", Prevailing: "E", Win: "discard", Output: "table"},
			map[string]any{"riichi": true, "dora": "1p", "honba": 2, "ippatsu": false}},
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
			if diff := cmp.Diff(tt.extra, got.Extra.given()); diff != "" {
				t.Errorf("situation flags (-want +got):\n%s", diff)
			}
			got.Extra = nil
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

// failWriter fails every write with err, as a full disk, a closed pipe or a closed file does.
type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// Standard output that cannot be written is the environment, not a bug: exit 2 with the OS error,
// in every format, for a single hand and for a batch, whether the verdict is yes or no.
func TestUnwritableOutput(t *testing.T) {
	errs := map[string]error{
		"full disk":   &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC},
		"closed pipe": &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EPIPE},
		"closed file": os.ErrClosed,
	}
	runs := map[string][]string{
		"a win":          {"score", "123m456p789s111z55z", "--win", "self-draw"},
		"not a win":      {"score", "123m"},
		"json":           {"score", "123m456p789s111z55z", "-o", "json"},
		"yaml":           {"score", "123m456p789s111z55z", "-o", "yaml"},
		"batch":          {"score", "-", "-o", "jsonl"},
		"batch as table": {"score", "-"},
		"rules list":     {"rules", "list"},
	}
	for ename, werr := range errs {
		for rname, args := range runs {
			t.Run(ename+"/"+rname, func(t *testing.T) {
				ios, _, errOut := testIO(strings.Repeat("123m456p789s111z55z\n", 3))
				ios.Out = failWriter{werr}
				if code := Run(args, ios); code != ExitInput {
					t.Errorf("exit %d, want %d; stderr:\n%s", code, ExitInput, errOut)
				}
				if want := "standard output: " + werr.Error(); !strings.Contains(errOut.String(), want) {
					t.Errorf("stderr:\n%s\nwant it to say %q", errOut, want)
				}
				if strings.Contains(errOut.String(), "bug") {
					t.Errorf("stderr calls it a bug:\n%s", errOut)
				}
			})
		}
	}
}
