package cmd

import (
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// complete runs a shell-completion request and returns the candidates and the directive.
func complete(t *testing.T, args ...string) ([]string, cobra.ShellCompDirective) {
	t.Helper()
	ios, out, errOut := testIO("")
	if code := Run(append([]string{cobra.ShellCompRequestCmd}, args...), ios); code != 0 {
		t.Fatalf("__complete %q: exit %d: %s", args, code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	d, err := strconv.Atoi(strings.TrimPrefix(last, ":"))
	if err != nil {
		t.Fatalf("__complete %q: no directive in %q", args, out)
	}
	return lines[:len(lines)-1], cobra.ShellCompDirective(d)
}

// TestCompletionCoversEveryFlag: every flag of every command completes to values, to files of its
// kind, or at least to no unrelated files (the default would offer every file).
func TestCompletionCoversEveryFlag(t *testing.T) {
	ios, _, _ := testIO("")
	root := newRootCmd(&factory{IO: ios})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := strings.Fields(c.CommandPath())[1:]
		c.Flags().VisitAll(func(fl *pflag.Flag) {
			if fl.Value.Type() == "bool" || fl.Name == "help" {
				return
			}
			args := append(append([]string(nil), path...), "--"+fl.Name, "")
			_, d := complete(t, args...)
			if d == cobra.ShellCompDirectiveDefault {
				t.Errorf("mjref %s --%s: no completion (the shell would offer every file)", strings.Join(path, " "), fl.Name)
			}
		})
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				walk(sub)
			}
		}
	}
	walk(root)
}

func TestCompletionValues(t *testing.T) {
	tests := []struct {
		args []string
		want string // one candidate, with its description
		dir  cobra.ShellCompDirective
	}{
		{[]string{"score", "--seat", ""}, "S\tSouth", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"waits", "--prevailing", ""}, "N\tNorth", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"claim", "--dealer", ""}, "E\tEast", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"score", "--rules", "hk-"}, "hk-oldstyle\tOld-style Hong Kong table", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"rules", "show", ""}, "deburger-2026\tDeBurger", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"score", "--card", ""}, "sample-2026", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"score", "--set", "ca"}, "cap=\tnow 10", cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace},
		{[]string{"score", "--rules", "hk-oldstyle", "--set", "ca"}, "cap=\tnow 13", cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace},
		{[]string{"settle", "--set", "settlement.multiple_winners.a"}, "settlement.multiple_winners.as=\tnow head-bump", cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace},
		{[]string{"referee", ""}, "jsonl", cobra.ShellCompDirectiveFilterFileExt},
		{[]string{"ledger", "show", ""}, "jsonl", cobra.ShellCompDirectiveFilterFileExt},
		{[]string{"ledger", "chart", "x.jsonl", "--out", ""}, "svg", cobra.ShellCompDirectiveFilterFileExt},
		{[]string{"score", "--win", ""}, "self-draw", cobra.ShellCompDirectiveNoFileComp},
		{[]string{"--config", ""}, "yaml", cobra.ShellCompDirectiveFilterFileExt},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			got, d := complete(t, tt.args...)
			found := false
			for _, g := range got {
				found = found || strings.HasPrefix(g, tt.want)
			}
			if !found {
				t.Errorf("candidates %q lack %q", got, tt.want)
			}
			if d != tt.dir {
				t.Errorf("directive %d, want %d", d, tt.dir)
			}
		})
	}
}
