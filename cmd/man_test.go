package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// mjref man DIR writes one page per command, each naming its command.
func TestManPages(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "man")
	ios, out, errOut := testIO("")
	if code := Run([]string{"man", dir}, ios); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	root := newRootCmd(&factory{IO: ios})
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		if !c.IsAvailableCommand() && c != root {
			return
		}
		n++
		page := filepath.Join(dir, strings.ReplaceAll(c.CommandPath(), " ", "-")+".1")
		b, err := os.ReadFile(page)
		if err != nil {
			t.Errorf("%s: %v", c.CommandPath(), err)
			return
		}
		if !strings.Contains(string(b), ".TH \"MJREF\" \"1\"") || !strings.Contains(string(b), strings.ReplaceAll(c.CommandPath(), " ", "-")+" - ") {
			t.Errorf("%s: the page does not look like its man page:\n%.300s", page, b)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if !strings.Contains(out.String(), "pages in") || n < 30 {
		t.Errorf("%d commands, output %q", n, out)
	}
}

// A release build stamps the version and revision; mjref version prints both, never "unknown".
func TestVersionStamped(t *testing.T) {
	defer func(v, c, d string) { version, commit, date = v, c, d }(version, commit, date)
	version, commit, date = "1.2.0", "0123abcd", "2026-12-01T12:00:00Z"
	ios, out, _ := testIO("")
	if code := Run([]string{"version"}, ios); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"mjref 1.2.0\n", "revision 0123abcd\n", "built    2026-12-01T12:00:00Z\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("version output %q lacks %q", out, want)
		}
	}
	if strings.Contains(out.String(), "unknown") {
		t.Errorf("version output says unknown: %q", out)
	}
	ios, out, _ = testIO("")
	Run([]string{"--version"}, ios)
	if got := out.String(); got != "mjref 1.2.0 (0123abcd)\n" {
		t.Errorf("--version = %q", got)
	}
}
