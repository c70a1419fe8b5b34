package cmd

import (
	"path/filepath"
	"sort"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/rulesets"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"
)

// Shell completion: every flag completes with something useful, values with a description
// ("E<TAB>East"), files filtered by extension. Commands register the completions they know best
// (f.completeFlag); completeEverything fills in the rest by flag name and gives every flag left
// over a completion that at least does not offer unrelated files.

// seatCompletions are the four seats with their names.
var seatCompletions = []string{"E\tEast", "S\tSouth", "W\tWest", "N\tNorth"}

// fileFlags complete to files of these extensions, by flag name (or "command path flag").
var fileFlags = map[string][]string{
	"config":                 {"yaml", "yml"},
	"card":                   {"yaml", "yml"},
	"log":                    {"yaml", "yml", "jsonl"},
	"mjref ledger chart out": {"svg", "png"},
}

// seatFlags complete to the seats wherever they take one.
var seatFlags = map[string]bool{"seat": true, "prevailing": true, "discarder": true, "dealer": true,
	"responsible": true, "false-win": true, "mahjong": true, "winner": true}

// freeTextFlags take text no shell can guess (a number, a hand, a note): they offer no files.
var freeTextHint = map[string]string{
	"faan": "a number of faan", "value": "the hand's value", "points": "SEAT=POINTS", "totals": "SEAT=POINTS,...",
	"hand": "a hand in notation", "seen": "tiles in notation", "top": "how many lines", "note": "a note",
	"players": "four names, comma-separated", "stake": "an amount", "target": "points", "with": "a name",
	"wait": "how long to wait for the lock, e.g. 5s", "hand-number": "a hand number", "head": "a hash",
	"tile": "a tile", "claims": "SEAT ACTION, ...",
}

// completeEverything registers completions for the flags of root and its commands that have none:
// seats, files by extension, --set keys, and no-file completions for free text. It runs only for a
// completion request (see factory.completeFlag).
func (f *factory) completeEverything(root *cobra.Command) {
	if !f.completing {
		return
	}
	f.completeFlag(root, "set", f.completeSetKeys)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.ValidArgsFunction == nil {
			if fn := argCompletions(c); fn != nil {
				c.ValidArgsFunction = fn
			}
		}
		c.LocalNonPersistentFlags().VisitAll(func(fl *pflag.Flag) { f.completeDefault(c, fl) })
		if c == root {
			c.PersistentFlags().VisitAll(func(fl *pflag.Flag) { f.completeDefault(c, fl) })
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

func (f *factory) completeDefault(c *cobra.Command, fl *pflag.Flag) {
	if _, ok := c.GetFlagCompletionFunc(fl.Name); ok || fl.Value.Type() == "bool" {
		return
	}
	if exts, ok := fileFlags[c.CommandPath()+" "+fl.Name]; ok {
		f.completeFlag(c, fl.Name, fileCompletion(exts...))
		return
	}
	if exts, ok := fileFlags[fl.Name]; ok {
		if fl.Name == "card" {
			f.completeFlag(c, fl.Name, withFiles(engine.ListCards(), exts...))
			return
		}
		f.completeFlag(c, fl.Name, fileCompletion(exts...))
		return
	}
	if seatFlags[fl.Name] {
		f.completeFlag(c, fl.Name, cobra.FixedCompletions(seatCompletions, cobra.ShellCompDirectiveNoFileComp))
		return
	}
	hint := freeTextHint[fl.Name]
	if hint == "" {
		hint = fl.Usage
	}
	// A free-text value: say what is expected (cobra's active help, shown by bash and zsh) and offer
	// no files.
	f.completeFlag(c, fl.Name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return cobra.AppendActiveHelp(nil, hint), cobra.ShellCompDirectiveNoFileComp
	})
}

// argCompletions complete the arguments of commands that take names or files.
func argCompletions(c *cobra.Command) cobra.CompletionFunc {
	path := c.CommandPath()
	switch {
	case path == "mjref rules show" || path == "mjref rules check":
		return rulesCompletion
	case path == "mjref referee":
		return fileCompletion("yaml", "yml", "jsonl")
	case strings.HasPrefix(path, "mjref ledger "):
		return fileCompletion("jsonl")
	case path == "mjref man":
		return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveFilterDirs
		}
	}
	return nil
}

// fileCompletion completes files with the given extensions (and directories).
func fileCompletion(exts ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return exts, cobra.ShellCompDirectiveFilterFileExt
	}
}

// withFiles completes names, or files with the given extensions once the word looks like a path.
func withFiles(names []string, exts ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if strings.ContainsAny(toComplete, "/.") {
			return exts, cobra.ShellCompDirectiveFilterFileExt
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	}
}

// rulesCompletion completes built-in ruleset names with their descriptions and the YAML files
// beside them, or only files once the word is a path.
func rulesCompletion(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if strings.ContainsRune(toComplete, filepath.Separator) {
		return []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
	}
	var out []string
	for _, i := range rulesets.Builtins() {
		out = append(out, cobra.CompletionWithDesc(i.Name, i.Description))
	}
	for _, pat := range []string{toComplete + "*.yaml", toComplete + "*.yml"} {
		files, _ := filepath.Glob(pat)
		for _, file := range files {
			out = append(out, cobra.CompletionWithDesc(file, "a ruleset file"))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeSetKeys completes --set with every value of the chosen ruleset, "cap=" described by its
// current value, so a what-if starts from what the table plays now.
func (f *factory) completeSetKeys(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	name := rulesets.Default
	if fl := cmd.Flag("rules"); fl != nil && fl.Value.String() != "" {
		name = fl.Value.String()
	}
	rs, err := rulesets.Load(name)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	b, err := rs.YAML()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var doc yaml.Node
	if yaml.Unmarshal(b, &doc) != nil || len(doc.Content) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var keys []string
	var walk func(n *yaml.Node, path []string)
	walk = func(n *yaml.Node, path []string) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				walk(n.Content[i+1], append(path, n.Content[i].Value))
			}
		case yaml.ScalarNode:
			if len(path) < 2 && (path[0] == "name" || path[0] == "description" || path[0] == "family" || path[0] == "extends") {
				return
			}
			p := path
			if p[0] == rs.Family { // the family's own keys are written without it: --set cap=13
				p = p[1:]
			}
			key := strings.Join(p, ".") + "="
			if strings.HasPrefix(key, toComplete) {
				keys = append(keys, cobra.CompletionWithDesc(key, "now "+n.Value))
			}
		}
	}
	walk(doc.Content[0], nil)
	sort.Strings(keys)
	return keys, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}
