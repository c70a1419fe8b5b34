// Package cmd is mjref's command line: it parses flags, calls the libraries and renders their results.
package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/internal/textdist"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// Main runs mjref with the process's arguments and streams and returns the exit status.
func Main() int { return Run(os.Args[1:], SystemIO()) }

// Run runs mjref with args and returns the exit status. A panic is reported as a bug (exit 3).
func Run(args []string, ios *IOStreams) (code int) {
	// Commands write through a copy of the streams: once the output format is known, human
	// output is routed through an escaping writer (see escapeStreams).
	streams := *ios
	out := &outWriter{w: ios.Out}
	streams.Out = out
	f := &factory{IO: &streams, completing: len(args) > 0 && strings.HasPrefix(args[0], cobra.ShellCompRequestCmd)}
	defer f.flush()
	defer func() {
		if r := recover(); r != nil {
			printError(ios.ErrOut, fmt.Errorf("internal error: %v", r), f.errorFormat())
			code = ExitBug
		}
	}()
	root := newRootCmd(f)
	root.SetArgs(args)
	root.SetIn(ios.In)
	root.SetOut(out) // help, usage and completion scripts too: see outWriter
	root.SetErr(ios.ErrOut)
	ran, err := root.ExecuteC()
	err = tidyCobraError(err)
	f.flushOutput()
	f.flush()
	if out.err != nil && (err == nil || errors.Is(err, errNegative) || exitCode(err) == ExitBug) {
		// The output did not reach its reader: that is the error of the run, whatever the
		// command made of it.
		err = out.err
	}
	if err != nil && !f.resolved {
		// The run stopped before the preferences were read (a flag error stops the parse before a
		// later -o is read): the error is still in the format asked for.
		f.Output = errorFormat(args, f.Output)
		if f.conflict {
			f.Output = FormatTable // neither format was asked for more than the other
		}
	}
	if err != nil && !errors.Is(err, errNegative) {
		errOut := ios.ErrOut
		if ios.ErrWidth > 0 && !f.Wide && !f.machineErrors() {
			fw := &fitWriter{w: errOut, width: ios.ErrWidth} // messages wrap under their text
			defer fw.Flush()
			errOut = fw
		}
		printError(errOut, err, f.errorFormat())
		if (isCobraUsage(err) || isUsage(err)) && !f.machineErrors() && ran != nil {
			fmt.Fprintf(errOut, "mjref: hint: run '%s --help' for usage\n", ran.CommandPath())
		}
	}
	return exitCode(err)
}

// errorFormat is the output format of an error met before the preferences were read: the last
// -o (or --json) in args, else MJREF_OUTPUT, else parsed (what the flags parsed so far say), each
// only when it names a format.
func errorFormat(args []string, parsed string) string {
	for _, o := range []string{outputInArgs(args), os.Getenv("MJREF_OUTPUT")} {
		if slices.Contains(outputFormats, o) {
			return o
		}
	}
	return parsed
}

// outputInArgs is the last -o value written in args (before a "--"), or "".
func outputInArgs(args []string) string {
	out := ""
	for i, a := range args {
		switch {
		case a == "--":
			return out
		case a == "--json":
			out = FormatJSON
		case (a == "-o" || a == "--output") && i+1 < len(args):
			out = args[i+1]
		case strings.HasPrefix(a, "--output="):
			out = strings.TrimPrefix(a, "--output=")
		case strings.HasPrefix(a, "-o") && len(a) > 2:
			out = strings.TrimPrefix(a[2:], "=")
		}
	}
	return out
}

var pflagInvalid = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^invalid argument "(.*)" for "(\S+)" flag: strconv\.Parse(\w+): .*$`)
}) // compiled when first needed, not at every start

// flagErrorText rewrites pflag's `invalid argument "x" for "--top" flag: strconv.ParseInt: parsing
// "x": invalid syntax` as `--top "x": expected a whole number`: no Go function names reach the user.
func flagErrorText(msg string) string {
	m := pflagInvalid().FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	flag := m[2]
	if i := strings.Index(flag, ", "); i >= 0 { // "-n, --top"
		flag = flag[i+2:]
	}
	want := map[string]string{"Int": "a whole number", "Uint": "a whole number, 0 or more", "Float": "a number", "Bool": "true or false"}[m[3]]
	if want == "" {
		want = "a value of another kind"
	}
	return fmt.Sprintf("%s %q: expected %s", flag, m[1], want)
}

// flagSuggestion is ": did you mean --winner or --win?" for pflag's "unknown flag: --winn", naming
// the flags of c (its own and those it inherits) nearest the one typed, or "".
func flagSuggestion(c *cobra.Command, msg string) string {
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if !ok || name == "" {
		return ""
	}
	var names []string
	c.Flags().VisitAll(func(fl *pflag.Flag) {
		if !fl.Hidden {
			names = append(names, fl.Name)
		}
	})
	near := textdist.Nearest(name, names)
	if len(near) == 0 {
		return ""
	}
	for i, n := range near {
		near[i] = "--" + n
	}
	return ": did you mean " + strings.Join(near, " or ") + "?"
}

// jsonAlias reads --json as -o json; with another -o it is an error, not a silent choice.
func (f *factory) jsonAlias(cmd *cobra.Command) error {
	if !f.JSON {
		return nil
	}
	pf := cmd.Root().PersistentFlags()
	if pf.Changed("output") && f.Output != FormatJSON {
		f.conflict = true
		return usageErrorf("--json and -o %s disagree: give one of them", f.Output)
	}
	return pf.Set("output", FormatJSON)
}

// tidyCobraError rewrites cobra's multi-line "unknown command" message, whose suggestions are
// indented with tabs, as one line: unknown command "scor" for "mjref": did you mean score?
func tidyCobraError(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	head, suggest, ok := strings.Cut(msg, "\n\nDid you mean this?\n")
	if !ok || !strings.HasPrefix(head, "unknown command") {
		return err
	}
	var names []string
	for _, l := range strings.Split(suggest, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			names = append(names, l)
		}
	}
	return usageErrorf("%s: did you mean %s?", head, strings.Join(names, " or "))
}

// factory carries what every command needs: the streams and the global options, resolved late.
type factory struct {
	IO *IOStreams

	// Flags and preferences, resolved in PersistentPreRunE.
	Rules  string
	Output string
	Config string
	Sets   []string
	// resolved is set once the preferences are read: f.Output is then the format asked for.
	resolved bool
	// rulesFrom says where Rules came from when not from --rules: "MJREF_RULES=..." or "FILE:LINE".
	rulesFrom string
	Wide      bool // --wide: tables as wide as their text, never wrapped
	JSON      bool // --json: the same as -o json
	conflict  bool // --json and another -o were given: an error is text

	fitFlush func() // flushes the fitted streams, once they are (see fitStreams)

	// completing is set for a shell-completion request (cobra's hidden __complete command): only
	// then are flag completion functions registered (see completeFlag).
	completing bool

	// outEsc and errEsc escape human output once the format is known (see escapeStreams).
	outEsc, errEsc *termtext.Writer

	once    sync.Once
	ruleset *rulesets.Ruleset
	rsErr   error
	// warned holds the warnings printed (see warn).
	warned map[string]bool
}

func (f *factory) flushOutput() {
	if f.fitFlush != nil {
		f.fitFlush()
	}
}

// fitStreams makes human output fit the terminal (see fitOutput): tables wrap, "label: value" lines
// and messages wrap under their value. --wide, JSON and YAML, and completion scripts are left as
// they are. It goes over the escaping writers, so tables are fitted after their cells are escaped.
func (f *factory) fitStreams(cmd *cobra.Command) {
	if f.Wide {
		return
	}
	if !humanOutput(cmd) {
		return
	}
	streams := *f.IO
	if f.Output != FormatTable {
		streams.Width = 0 // JSON and YAML are written exactly
	}
	if f.jsonOut() {
		streams.ErrWidth = 0 // errors are JSON objects
	}
	f.fitFlush = fitOutput(&streams)
	f.IO.Out, f.IO.ErrOut = streams.Out, streams.ErrOut
}

func (f *factory) jsonOut() bool { return f.Output == FormatJSON || f.Output == FormatJSONL }

// machineErrors says whether errors are written as documents (JSON or YAML) rather than text.
func (f *factory) machineErrors() bool { return f.errorFormat() != "" }

// errorFormat is how an error is written: FormatJSON (one line) under json and jsonl, FormatYAML
// under yaml, "" (text) under table.
func (f *factory) errorFormat() string {
	switch {
	case f.jsonOut():
		return FormatJSON
	case f.Output == FormatYAML:
		return FormatYAML
	}
	return ""
}

// Ruleset loads the chosen ruleset (with --set overrides) once.
func (f *factory) Ruleset() (*rulesets.Ruleset, error) {
	f.once.Do(func() {
		f.ruleset, f.rsErr = rulesets.Load(f.Rules, f.Sets...)
		if f.rsErr != nil && f.rulesFrom != "" {
			// A ruleset named by MJREF_RULES or the preferences file: say so, or the user looks
			// for the mistake in the command line.
			f.rsErr = withHint(fmt.Errorf("the ruleset from %s: %w", f.rulesFrom, f.rsErr), "see 'mjref help environment'")
		}
	})
	return f.ruleset, f.rsErr
}

// Engine binds the --rules ruleset's family, playing card (an American card name or file) instead
// of the ruleset's own when it is not empty.
func (f *factory) Engine(card string) (*engine.Engine, error) {
	rs, err := f.Ruleset()
	if err != nil {
		return nil, err
	}
	e, err := engine.New(rs, engine.Options{Card: card})
	if err != nil {
		return nil, err
	}
	f.warn(e.Warnings())
	return e, nil
}

// warn prints on stderr, once each, what the rules carried on past: the lines of an American card
// left out of play, each with its YAML line and what was wrong, and the card's repeated
// alternatives. JSON and YAML output carry them too, in their warnings field.
func (f *factory) warn(ws []scoring.Warning) {
	if f.warned == nil {
		f.warned = map[string]bool{}
	}
	var file string
	for _, w := range ws {
		if f.warned[w.Message] {
			continue
		}
		f.warned[w.Message] = true
		fmt.Fprintf(f.IO.ErrOut, "mjref: warning: %s\n", w.Message)
		if w.LeftOut && file == "" {
			file = w.File
		}
	}
	if file != "" {
		fmt.Fprintf(f.IO.ErrOut, "mjref: hint: the card plays its other lines; fix the lines named and run 'mjref card check %s'\n", file)
	}
}

func newRootCmd(f *factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "mjref",
		Short: "Score mahjong hands and referee disputes",
		Long: `mjref says whether a mahjong hand is a win under your table's rules, explains what it is worth
item by item, settles who pays whom, and replays a hand's events to rule on every claim.

Hands are written in MPSZ notation: 123m456p789s11z [555p]. See 'mjref help notation'.
Rulesets are YAML files; the built-in ones are listed by 'mjref rules list'.`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Version:       versionString(),
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if err := f.jsonAlias(cmd); err != nil {
				return err
			}
			if err := f.resolvePreferences(cmd, preferencesOf(cmd)); err != nil {
				return err
			}
			f.resolved = true
			f.escapeStreams(cmd)
			f.fitStreams(cmd)
			return nil
		},
	}
	root.SetVersionTemplate("{{.Version}}\n")
	// Before the completion commands are made: each keeps the writer it finds here.
	root.SetOut(f.IO.Out)
	pf := root.PersistentFlags()
	pf.StringVar(&f.Rules, "rules", rulesets.Default, "ruleset: a built-in name (see 'mjref rules list') or a YAML file")
	f.Output = FormatTable
	pf.VarP(&enumFlag{value: &f.Output, allowed: outputFormats}, "output", "o", "output format: table|json|yaml|jsonl (--json is -o json)")
	pf.BoolVar(&f.JSON, "json", false, "the same as -o json")
	_ = pf.MarkHidden("json") // an alias for gh's and restic's habit; -o's description names it
	pf.StringVar(&f.Config, "config", "", "preferences file (default: $XDG_CONFIG_HOME/mjref/config.yaml)")
	pf.BoolVar(&f.Wide, "wide", false, "do not wrap tables and messages to the terminal width (or COLUMNS)")
	pf.StringArrayVar(&f.Sets, "set", nil, "override one ruleset value for this run, e.g. --set cap=13 (repeatable)")
	f.completeFlag(root, "output", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return outputFormats, cobra.ShellCompDirectiveNoFileComp
	})
	f.completeFlag(root, "rules", rulesCompletion)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErrorf("%s%s", flagErrorText(err.Error()), flagSuggestion(c, err.Error()))
	})

	root.AddCommand(
		newParseCmd(f, nil),
		newVersionCmd(f),
		newRulesCmd(f),
		newScoreCmd(f, nil),
		newSettleCmd(f, nil),
		newWaitsCmd(f, nil),
		newLedgerCmd(f, nil),
		newSeasonCmd(f, nil),
		newClosestCmd(f, nil), newCardCmd(f), newRefereeCmd(f, nil), newClaimCmd(f, nil),
		newManCmd(f), newServeCmd(f, nil), newPageCmd(f),
	)
	addHelpTopics(root)
	refuseUnknownHelpTopics(root)
	explainBashCompletion(root)
	f.wrapHelp(root)
	refuseUnknownSubcommands(root)
	f.completeEverything(root)
	return root
}

// refuseUnknownHelpTopics makes 'mjref help nosuch' an error (exit 2, with suggestions), as an
// unknown command is: cobra's help command prints the usage and exits 0.
func refuseUnknownHelpTopics(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() != "help" || c.Run == nil {
			continue
		}
		show := c.Run
		c.Run = nil
		c.RunE = func(cmd *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err == nil && target != nil && (len(rest) == 0 || !target.HasSubCommands()) {
				show(cmd, args)
				return nil
			}
			if target == nil || err != nil {
				target = root
			}
			name := args[len(args)-len(rest)]
			if len(rest) == 0 {
				name = args[0]
			}
			path := strings.TrimPrefix(strings.TrimPrefix(target.CommandPath(), root.Name()), " ")
			msg := fmt.Sprintf("unknown help topic %q", strings.TrimSpace(path+" "+name))
			var names []string
			for _, sub := range target.Commands() {
				if !sub.Hidden && sub.Name() != "help" {
					names = append(names, sub.Name())
				}
			}
			if near := textdist.Nearest(name, names); len(near) > 0 {
				msg += ": did you mean " + strings.Join(near, " or ") + "?"
			}
			return withHint(errors.New(msg), "'mjref help' lists the commands and help topics")
		}
	}
}

// explainBashCompletion words 'mjref completion bash --help' for people without root: cobra's own
// text only writes the script into system directories.
func explainBashCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		for _, sh := range c.Commands() {
			if sh.Name() == "bash" {
				sh.Long = `Print the bash completion script.

It needs the bash-completion package (apt install bash-completion, brew install bash-completion@2;
most desktop Linux installs have it).

To load it in the current shell, and without root for every new shell, add this line to ~/.bashrc:

  source <(mjref completion bash)

With root, for every user:

  mjref completion bash > /etc/bash_completion.d/mjref`
			}
		}
	}
}

// refuseUnknownSubcommands makes a command that only groups others ("rules", "card", "ledger") refuse
// an unknown subcommand, with suggestions, instead of printing its help and exiting 0.
func refuseUnknownSubcommands(c *cobra.Command) {
	for _, sub := range c.Commands() {
		refuseUnknownSubcommands(sub)
	}
	if c == c.Root() || !c.HasSubCommands() || c.Run != nil || c.RunE != nil {
		return
	}
	c.Args = cobra.ArbitraryArgs
	if c.SuggestionsMinimumDistance <= 0 {
		c.SuggestionsMinimumDistance = 2
	}
	c.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			msg += ": did you mean " + strings.Join(s, " or ") + "?"
		}
		return usageErrorf("%s", msg)
	}
}

// completeFlag registers fn to complete the values of cmd's flag name, when the run is a
// shell-completion request. cobra keeps flag completion functions in a package-level map that
// is never emptied, keyed by flag: registering them on every run kept about 175 KB per command
// alive in a process that runs mjref in-process many times. Completion scripts ask through
// __complete, so nothing is lost.
func (f *factory) completeFlag(cmd *cobra.Command, name string, fn cobra.CompletionFunc) {
	if f.completing {
		_ = cmd.RegisterFlagCompletionFunc(name, fn)
	}
}

// escapeStreams routes the human output of cmd through termtext.Writer, so no string from a user
// or a file (a player's name, a ruleset's item name, a card note) reaches a terminal with its
// control characters: standard output in table format, standard error unless errors are JSON.
// JSON and YAML keep exact strings (their encoders escape control characters themselves), and
// shell completion scripts are written as they are.
func (f *factory) escapeStreams(cmd *cobra.Command) {
	if !humanOutput(cmd) {
		return
	}
	if f.Output == FormatTable {
		f.outEsc = termtext.NewWriter(f.IO.Out)
		f.IO.Out = f.outEsc
	}
	if !f.jsonOut() {
		f.errEsc = termtext.NewWriter(f.IO.ErrOut)
		f.IO.ErrOut = f.errEsc
	}
}

// rawOutput is the annotation of a command whose standard output is a file format written
// exactly (ledger export's CSV and JSON), whatever -o says: it is neither escaped nor fitted.
const rawOutput = "mjref/raw-output"

// rawOutputFlags is the annotation of a command some of whose flags make its standard output a
// file format written exactly (season --csv and --excel): the flags' names, separated by commas.
const rawOutputFlags = "mjref/raw-output-flags"

// humanOutput reports whether cmd's standard output is for people, to be escaped and fitted:
// not a shell completion script or request, and not a command marked rawOutput or given one of
// its rawOutputFlags.
func humanOutput(cmd *cobra.Command) bool {
	if cmd.Annotations[rawOutput] != "" {
		return false
	}
	if names := cmd.Annotations[rawOutputFlags]; names != "" {
		for name := range strings.SplitSeq(names, ",") {
			if fl := cmd.Flags().Lookup(name); fl != nil && fl.Changed && fl.Value.String() == "true" {
				return false
			}
		}
	}
	for c := cmd; c != nil; c = c.Parent() {
		if c.Name() == "completion" || strings.HasPrefix(c.Name(), cobra.ShellCompRequestCmd) {
			return false
		}
	}
	return true
}

// flush writes out what the escaping writers still hold.
func (f *factory) flush() {
	for _, w := range []*termtext.Writer{f.outEsc, f.errEsc} {
		if w != nil {
			_ = w.Flush()
		}
	}
}

// Which preferences a command reads (see preferencesOf).
const (
	prefsAll  = iota // the flags, the environment and the preferences file
	prefsEnv         // the flags and the environment, never the file
	prefsNone        // the flags only
)

// preferencesOf says which preferences cmd reads. Commands that need no ruleset never read the
// preferences file, so a typo in it cannot break them: version reads MJREF_OUTPUT for its format;
// help, man, completion scripts and shell-completion requests (tab completion) read none.
func preferencesOf(cmd *cobra.Command) int {
	for c := cmd; c != nil; c = c.Parent() {
		if c.Parent() != nil && c.Parent().Parent() == nil { // a command of the root
			switch {
			case c.Name() == "version":
				return prefsEnv
			case c.Name() == "help", c.Name() == "man", c.Name() == "completion",
				strings.HasPrefix(c.Name(), cobra.ShellCompRequestCmd):
				return prefsNone
			}
		}
	}
	return prefsAll
}

// resolvePreferences fills rules and output from, in order: flags, MJREF_* environment variables,
// then the preferences file (which reads, see preferencesOf). Viper is used for preferences only and
// never as a global.
func (f *factory) resolvePreferences(cmd *cobra.Command, which int) error {
	if which == prefsNone {
		return nil
	}
	v := viper.New()
	v.SetEnvPrefix("MJREF")
	v.AutomaticEnv()
	v.SetDefault("rules", rulesets.Default)
	v.SetDefault("output", FormatTable)
	cfg := f.Config
	if cfg == "" {
		cfg = os.Getenv("MJREF_CONFIG")
	}
	explicit := cfg != ""
	if cfg == "" {
		if dir, err := os.UserConfigDir(); err == nil {
			cfg = filepath.Join(dir, "mjref", "config.yaml")
		}
	}
	var lines map[string]int // the line of each key of the preferences file
	if cfg != "" && which == prefsAll {
		// Read the file ourselves, bounded and regular files only; viper only decodes it.
		data, err := safeio.ReadFile(cfg, safeio.RulesetLimit)
		switch {
		case err == nil:
			if lines, err = checkPrefsFile(cfg, data); err != nil {
				return err
			}
			v.SetConfigType("yaml")
			if err := v.ReadConfig(bytes.NewReader(data)); err != nil {
				return withHint(fmt.Errorf("preferences file %s: %w", cfg, err), "the file holds keys like 'rules: hk' and 'output: json'")
			}
		case explicit || !errors.Is(err, fs.ErrNotExist):
			if f.Config == "" && os.Getenv("MJREF_CONFIG") != "" {
				return usageErrorf("MJREF_CONFIG=%s: %s", cfg, safeio.Reason(err))
			}
			return usageErrorf("--config %s: %s", cfg, safeio.Reason(err))
		}
	}
	pf := cmd.Root().PersistentFlags()
	if !pf.Changed("rules") {
		f.Rules = v.GetString("rules")
	}
	f.rulesFrom = prefSource("rules", "MJREF_RULES", cfg, lines, pf.Changed("rules"))
	if !pf.Changed("output") {
		out := v.GetString("output")
		if err := (&enumFlag{value: &f.Output, allowed: outputFormats}).Set(out); err != nil {
			from := prefSource("output", "MJREF_OUTPUT", cfg, lines, false)
			return withHint(fmt.Errorf("output %q from %s: %v", out, from, err), "see 'mjref help environment'")
		}
	}
	return nil
}
