package cmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/internal/tablefit"
	"github.com/spf13/cobra"
)

func TestWrapLine(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		width      int
		want       []string
	}{
		{"fits", "short line", 20, []string{"short line"}},
		{"paragraph", "one two three four five six", 12, []string{"one two", "three four", "five six"}},
		{"description column", "  --flag x   the text that goes on and on", 26,
			[]string{"  --flag x   the text that", "             goes on and", "             on"}},
		{"values", "  --win   aaaa|bbbb|cccc|dddd|eeee", 30, []string{"  --win   aaaa|bbbb|cccc|dddd|", "          eeee"}},
		{"no column past half the width", "  --win   aaaa|bbbb", 14, []string{"  --win", "  aaaa|bbbb"}},
		{"long word kept", "averyveryverylongword", 8, []string{"averyveryverylongword"}},
		{"wide characters", "中文中文 中文中文", 10, []string{"中文中文", "中文中文"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, wrapLine(tc.line, tc.width)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestWrapTextJoinsParagraphs(t *testing.T) {
	in := "alpha beta gamma delta\nepsilon zeta\n\n  x   one two three\n      four\n  y   five\n"
	want := "alpha beta gamma\ndelta epsilon\nzeta\n\n  x   one two\n      three four\n  y   five\n"
	if got := wrapText(in, 16); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// Every command's help fits 80 columns when the terminal (or COLUMNS) says 80, and --wide prints
// it as written.
func TestHelpFits80(t *testing.T) {
	var walk func(c *cobra.Command, path []string)
	var paths [][]string
	walk = func(c *cobra.Command, path []string) {
		paths = append(paths, path)
		for _, sub := range c.Commands() {
			if !sub.Hidden {
				walk(sub, append(append([]string(nil), path...), sub.Name()))
			}
		}
	}
	walk(newRootCmd(&factory{IO: &IOStreams{}}), nil)
	for _, p := range paths {
		args := append(append([]string(nil), p...), "--help")
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Run(args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut, Width: 80, ErrWidth: 80})
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut.String())
			}
			for i, l := range strings.Split(out.String(), "\n") {
				if w := tablefit.Width(l); w > 80 {
					t.Errorf("line %d is %d columns: %s", i+1, w, l)
				}
			}
		})
	}
	var out bytes.Buffer
	Run([]string{"score", "--help", "--wide"}, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &out, Width: 80, ErrWidth: 80})
	if !strings.Contains(out.String(), "discard|self-draw|kong-replacement|") {
		t.Error("--wide help was wrapped")
	}
}
