// Package cmd is mjref's command line: it parses flags, calls the libraries and renders their results.
package cmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mjref/mjref/rulesets"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"
)

// Main runs mjref with the process's arguments and streams and returns the exit status.
func Main() int { return Run(os.Args[1:], SystemIO()) }

// Run runs mjref with args and returns the exit status. A panic is reported as a bug (exit 3).
func Run(args []string, ios *IOStreams) (code int) {
	f := &factory{IO: ios}
	defer func() {
		if r := recover(); r != nil {
			printError(ios.ErrOut, fmt.Errorf("internal error: %v", r), f.jsonOut())
			code = ExitBug
		}
	}()
	root := newRootCmd(f)
	root.SetArgs(args)
	root.SetIn(ios.In)
	root.SetOut(ios.Out)
	root.SetErr(ios.ErrOut)
	err := root.Execute()
	defer f.flushOutput()
	if err != nil && !errors.Is(err, errNegative) {
		printError(ios.ErrOut, err, f.jsonOut())
		if isCobraUsage(err) && !f.jsonOut() {
			fmt.Fprintf(ios.ErrOut, "mjref: hint: run 'mjref %s --help' for usage\n", commandPath(args))
		}
	}
	return exitCode(err)
}

func commandPath(args []string) string {
	var parts []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			break
		}
		parts = append(parts, a)
		if len(parts) == 2 {
			break
		}
	}
	if len(parts) > 0 {
		return parts[0]
	}
	return ""
}

// factory carries what every command needs: the streams and the global options, resolved late.
type factory struct {
	IO *IOStreams

	// Flags and preferences, resolved in PersistentPreRunE.
	Rules  string
	Output string
	Config string
	Sets   []string
	Wide   bool // --wide: tables as wide as their text, never wrapped

	flush func() // flushes the fitted streams, once they are (see fitOutput)

	once    sync.Once
	ruleset *rulesets.Ruleset
	rsErr   error
}

func (f *factory) flushOutput() {
	if f.flush != nil {
		f.flush()
	}
}

func (f *factory) jsonOut() bool { return f.Output == FormatJSON || f.Output == FormatJSONL }

// Ruleset loads the chosen ruleset (with --set overrides) once.
func (f *factory) Ruleset() (*rulesets.Ruleset, error) {
	f.once.Do(func() {
		f.ruleset, f.rsErr = rulesets.Load(f.Rules, f.Sets...)
	})
	return f.ruleset, f.rsErr
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
			return f.resolvePreferences(cmd)
		},
	}
	root.SetVersionTemplate("{{.Version}}\n")
	pf := root.PersistentFlags()
	pf.StringVar(&f.Rules, "rules", rulesets.Default, "ruleset: a built-in name (see 'mjref rules list') or a YAML file")
	f.Output = FormatTable
	pf.VarP(&enumFlag{value: &f.Output, allowed: outputFormats}, "output", "o", "output format: table|json|yaml|jsonl")
	pf.StringVar(&f.Config, "config", "", "preferences file (default: $XDG_CONFIG_HOME/mjref/config.yaml)")
	pf.BoolVar(&f.Wide, "wide", false, "do not wrap tables and messages to the terminal width (or COLUMNS)")
	pf.StringArrayVar(&f.Sets, "set", nil, "override one ruleset value for this run, e.g. --set cap=13 (repeatable)")
	_ = root.RegisterFlagCompletionFunc("output", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return outputFormats, cobra.ShellCompDirectiveNoFileComp
	})
	_ = root.RegisterFlagCompletionFunc("rules", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var names []string
		for _, i := range rulesets.Builtins() {
			names = append(names, i.Name)
		}
		return names, cobra.ShellCompDirectiveDefault
	})
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &usageError{msg: err.Error()} })

	root.AddCommand(
		newParseCmd(f, nil),
		newVersionCmd(f),
		newRulesCmd(f),
		newScoreCmd(f, nil),
		newSettleCmd(f, nil),
		newWaitsCmd(f, nil),
		newLedgerCmd(f, nil),
		newClosestCmd(f, nil), newCardCmd(f), newRefereeCmd(f, nil), newClaimCmd(f, nil),
	)
	addHelpTopics(root)
	return root
}

// resolvePreferences fills rules and output from, in order: flags, MJREF_* environment variables,
// then the preferences file. Viper is used for preferences only and never as a global.
func (f *factory) resolvePreferences(cmd *cobra.Command) error {
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
	if cfg != "" {
		if _, err := os.Stat(cfg); err == nil {
			v.SetConfigFile(cfg)
			v.SetConfigType("yaml")
			if err := v.ReadInConfig(); err != nil {
				return withHint(fmt.Errorf("preferences file %s: %w", cfg, err), "the file holds keys like 'rules: hk' and 'output: json'")
			}
		} else if explicit {
			return usageErrorf("--config %s: %v", cfg, err)
		}
	}
	pf := cmd.Root().PersistentFlags()
	if !pf.Changed("rules") {
		f.Rules = v.GetString("rules")
	}
	if !pf.Changed("output") {
		out := v.GetString("output")
		if err := (&enumFlag{value: &f.Output, allowed: outputFormats}).Set(out); err != nil {
			return usageErrorf("output %q from the environment or preferences: %v", out, err)
		}
	}
	if !f.Wide {
		streams := *f.IO
		if f.Output != FormatTable {
			streams.Width = 0 // JSON and YAML are written exactly
		}
		f.flush = fitOutput(&streams)
		f.IO.Out, f.IO.ErrOut = streams.Out, streams.ErrOut
	}
	return nil
}
