package cmd

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// mjref man DIR writes one page per command, each titled by its command, and one per help topic
// in section 7.
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
		section := "1"
		switch {
		case c.IsAdditionalHelpTopicCommand():
			section = "7"
		case !c.IsAvailableCommand() && c != root:
			return
		}
		n++
		name := strings.ReplaceAll(c.CommandPath(), " ", "-")
		page := filepath.Join(dir, name+"."+section)
		b, err := os.ReadFile(page)
		if err != nil {
			t.Errorf("%s: %v", c.CommandPath(), err)
			return
		}
		title := `.TH "` + strings.ToUpper(name) + `" ` + section + " "
		if !strings.HasPrefix(string(b), title) || !strings.Contains(string(b), "\n"+strings.ReplaceAll(name, "-", `\-`)+` \- `) {
			t.Errorf("%s: the page does not start %q and name its command:\n%.300s", page, title, b)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if want := "man:      " + plural(len(files), "page") + " in " + dir + "\n"; out.String() != want || n < 35 || len(files) < n {
		t.Errorf("%d commands and topics, %d files, output %q, want %q", n, len(files), out, want)
	}
	for _, topic := range []string{"notation", "exit-codes", "environment", "limits", "patterns"} {
		if _, err := os.Stat(filepath.Join(dir, "mjref-"+topic+".7")); err != nil {
			t.Errorf("help topic %s has no page: %v", topic, err)
		}
	}

	// The ruleset table in score --help is kept as written, not reflowed.
	b, err := os.ReadFile(filepath.Join(dir, "mjref-score.1"))
	if err != nil {
		t.Fatal(err)
	}
	want := ".nf\nhk, hk\\-oldstyle   Hong Kong faan: every item with its id, names, faan, tiles and ruleset line,\n" +
		"                  the total after the cap, and whether it reaches the minimum.\n"
	if !strings.Contains(string(b), want) {
		t.Errorf("mjref-score.1 does not keep the ruleset table in a no-fill block:\n%s", b)
	}
}

// mandoc -T lint finds nothing in the pages (skipped when mandoc is not installed, unless
// MJREF_MANDOC=require, as in CI).
func TestManPagesLint(t *testing.T) {
	mandoc, err := exec.LookPath("mandoc")
	if err != nil {
		if os.Getenv("MJREF_MANDOC") == "require" {
			t.Fatal("mandoc is not installed and MJREF_MANDOC=require")
		}
		t.Skip("mandoc is not installed")
	}
	dir := t.TempDir()
	ios, _, errOut := testIO("")
	if code := Run([]string{"man", dir}, ios); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "*.[17]"))
	if len(pages) < 35 {
		t.Fatalf("%d pages", len(pages))
	}
	var out bytes.Buffer
	lint := exec.Command(mandoc, append([]string{"-T", "lint", "-W", "all"}, pages...)...)
	lint.Stdout, lint.Stderr = &out, &out
	err = lint.Run()
	if out.Len() > 0 || err != nil {
		t.Errorf("mandoc -T lint (%v):\n%s", err, out.String())
	}
}

// A release build's version and date (the -X ldflags of .goreleaser.yaml) are on every page's .TH
// line, not "mjref (devel)".
func TestManPagesStamped(t *testing.T) {
	defer func(v, c, d string) { version, commit, date = v, c, d }(version, commit, date)
	version, commit, date = "1.2.3", "0123456789abcdef0123456789abcdef01234567", "2026-11-30T12:34:56Z"
	dir := t.TempDir()
	ios, _, errOut := testIO("")
	if code := Run([]string{"man", dir}, ios); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, page := range []string{"mjref.1", "mjref-score.1", "mjref-notation.7"} {
		b, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Fatal(err)
		}
		th, _, _ := strings.Cut(string(b), "\n")
		if want := `"2026-11-30" "mjref 1.2.3" "mjref manual"`; !strings.HasSuffix(th, want) {
			t.Errorf("%s: %s\nwant it to end %s", page, th, want)
		}
	}
}
