package cmd

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/textdist"
	"github.com/mjref/mjref/internal/yamldoc"
	"go.yaml.in/yaml/v3"
)

// prefKeys are the keys of the preferences file, with what each holds (mjref help environment).
var prefKeys = []struct{ key, env, doc string }{
	{"rules", "MJREF_RULES", "the ruleset used when --rules is not given: a built-in name or a YAML file"},
	{"output", "MJREF_OUTPUT", "the output format when -o is not given: table, json, yaml or jsonl"},
}

// checkPrefsFile refuses a preferences file that is not a mapping of known keys to plain values, naming
// the file and line: a typo ("ouput: json") would otherwise be ignored without a word. It returns the
// line of each key, for errors about their values.
func checkPrefsFile(file string, data []byte) (map[string]int, error) {
	if err := yamldoc.Prescan(data); err != nil {
		var le *yamldoc.LimitError
		errors.As(err, &le)
		return nil, withHint(fmt.Errorf("%s:%d: %s", file, le.Line, le.Msg), prefsHint())
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		return nil, withHint(fmt.Errorf("preferences file %s: %s", file, msg), "the preferences file is YAML: 'rules: hk-oldstyle' and 'output: json', one a line")
	}
	if err := yamldoc.Check(&doc); err != nil {
		var le *yamldoc.LimitError
		errors.As(err, &le)
		return nil, withHint(fmt.Errorf("%s:%d: %s", file, le.Line, le.Msg), prefsHint())
	}
	if line, err := yamldoc.Rest(data); errors.Is(err, yamldoc.ErrSecond) {
		return nil, withHint(fmt.Errorf("%s:%d: a second YAML document: the preferences file is one (what follows --- would be ignored)", file, line), prefsHint())
	} else if err != nil {
		return nil, withHint(fmt.Errorf("preferences file %s: %s", file, strings.TrimPrefix(err.Error(), "yaml: ")), prefsHint())
	}
	lines := map[string]int{}
	if len(doc.Content) == 0 {
		return lines, nil // an empty file sets nothing
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, withHint(fmt.Errorf("%s:%d: expected keys like 'rules: hk', not a %s", file, top.Line, kindName(top)), prefsHint())
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		known := slices.IndexFunc(prefKeys, func(p struct{ key, env, doc string }) bool { return p.key == k.Value }) >= 0
		if !known {
			msg := fmt.Sprintf("%s:%d: unknown key %q", file, k.Line, k.Value)
			if near := nearestPref(k.Value); near != "" {
				msg += fmt.Sprintf(": did you mean %q?", near)
			}
			return nil, withHint(fmt.Errorf("%s", msg), prefsHint())
		}
		if v.Kind != yaml.ScalarNode {
			return nil, withHint(fmt.Errorf("%s:%d: %s: expected one value, not a %s", file, v.Line, k.Value, kindName(v)), prefsHint())
		}
		lines[k.Value] = v.Line
	}
	return lines, nil
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	}
	return "value"
}

func prefsHint() string {
	var keys []string
	for _, p := range prefKeys {
		keys = append(keys, p.key)
	}
	return "the preferences file knows " + strings.Join(keys, " and ") + "; see 'mjref help environment'"
}

// nearestPref is the known key within two edits of key, for a did-you-mean.
func nearestPref(key string) string {
	for _, p := range prefKeys {
		if d := textdist.Distance(key, p.key); d <= 2 {
			return p.key
		}
	}
	return ""
}

// prefSource says where a preference came from, for its errors: "MJREF_RULES=nosuch" or
// "config.yaml:2"; "" for a flag or the default.
func prefSource(key, envName, file string, lines map[string]int, flagSet bool) string {
	if flagSet {
		return ""
	}
	if v, ok := os.LookupEnv(envName); ok && v != "" {
		return envName + "=" + v
	}
	if line, ok := lines[key]; ok {
		return fmt.Sprintf("%s:%d", file, line)
	}
	return ""
}

const environmentHelp = `Environment and preferences

  Preferences (the default ruleset and output format) come from, in order: the flags, then the
  environment, then the preferences file, then mjref's defaults (hk, table).

  MJREF_RULES    the ruleset when --rules is not given (a built-in name or a YAML file)
  MJREF_OUTPUT   the output format when -o is not given: table, json, yaml or jsonl
  MJREF_CONFIG   the preferences file to read instead of the default one (as --config FILE)
  COLUMNS        the width tables and messages fit when the output is not a terminal (on a
                 terminal its own width is used; without either, 80 on a terminal and no
                 wrapping on a pipe); --wide turns wrapping off
  XDG_CONFIG_HOME, HOME (Linux and BSD), AppData (Windows), HOME (macOS)
                 where the default preferences file is looked for

  The preferences file is YAML, by default $XDG_CONFIG_HOME/mjref/config.yaml (~/.config/mjref/
  config.yaml; ~/Library/Application Support/mjref/config.yaml on macOS,
  %AppData%\mjref\config.yaml on Windows). Its keys:

    rules: hk-oldstyle     the ruleset when --rules is not given
    output: json           the output format when -o is not given

  An unknown key is an error naming the file and line (a typo such as 'ouput: json' would otherwise
  change nothing without a word), exit 2. A bad value names where it came from: the variable
  (MJREF_RULES=nosuch) or the file and line (config.yaml:2).

  help, man, version, the completion scripts and tab completion never read the preferences
  file, so a mistake in it cannot break them (version takes its format from -o or MJREF_OUTPUT).
`
