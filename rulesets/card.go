package rulesets

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
)

//go:embed cards/*.yaml
var cardFS embed.FS

// ListCards returns the names of the built-in American cards ("sample-2026"), sorted.
func ListCards() []string {
	entries, err := fs.ReadDir(cardFS, "cards")
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// readCard returns a card file's bytes and the name its errors cite: a built-in card by name
// ("sample-2026", with or without .yaml), else a file path.
func readCard(nameOrPath string) ([]byte, string, error) {
	if isBuiltinCard(nameOrPath) {
		base := strings.TrimSuffix(nameOrPath, ".yaml")
		data, err := cardFS.ReadFile(path.Join("cards", base+".yaml"))
		return data, base + ".yaml", err
	}
	data, err := safeio.ReadFile(nameOrPath, safeio.RulesetLimit)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, "", fmt.Errorf("card %q: no built-in card of that name (%s) and no such file", nameOrPath, strings.Join(ListCards(), ", "))
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, "", fmt.Errorf("card %q: %w", nameOrPath, pe.Err)
		}
		return nil, "", fmt.Errorf("card %w", err) // "card FILE: larger than the limit of ..."
	}
	return data, nameOrPath, nil
}

// isBuiltinCard reports whether name ("sample-2026", with or without .yaml) is a built-in card.
func isBuiltinCard(name string) bool {
	base := strings.TrimSuffix(name, ".yaml")
	return !strings.ContainsAny(base, `/\`) && slices.Contains(ListCards(), base)
}

// LoadCard loads a built-in card by name or a card file by path, checks it and expands every line
// to its concrete hands. Errors name the file and YAML line: "card.yaml:12: line R1: ...".
func LoadCard(nameOrPath string) (*american.Card, error) {
	data, file, err := readCard(nameOrPath)
	if err != nil {
		return nil, err
	}
	return ParseCard(data, file)
}

// CheckCard loads a card as LoadCard does and returns each line with its number of concrete hands
// (what `mjref card check FILE` prints). The error joins every problem found.
func CheckCard(nameOrPath string) ([]american.LineInfo, error) {
	c, err := LoadCard(nameOrPath)
	if err != nil {
		return nil, err
	}
	return c.Info(), nil
}

// ParseCard decodes card YAML; file is the name errors cite.
func ParseCard(data []byte, file string) (*american.Card, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	d := &cardDecoder{file: file}
	spec := d.document(&doc)
	if len(d.errs) > 0 {
		return nil, errors.Join(d.errs...)
	}
	return american.Compile(spec)
}

// cardDecoder walks the YAML nodes by hand so that every problem carries its line.
type cardDecoder struct {
	file string
	errs []error
}

func (d *cardDecoder) src(n *yaml.Node) scoring.Source {
	return scoring.Source{Ruleset: d.file, Line: n.Line}
}

func (d *cardDecoder) errf(n *yaml.Node, format string, args ...any) {
	d.errs = append(d.errs, &american.LineError{Source: d.src(n), Msg: fmt.Sprintf(format, args...)})
}

// lineDefaults are the line fields a card or section may set for its lines.
type lineDefaults struct {
	value          *int
	concealed      *bool
	jokerlessBonus *bool
	note           *string
	x              []int
}

// fields iterates a mapping's key/value pairs, reporting a node that is not a mapping, duplicate keys and
// keys not in allowed.
func (d *cardDecoder) fields(n *yaml.Node, what string, allowed []string, f func(key string, k, v *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		d.errf(n, "%s must be a mapping", what)
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch {
		case !slices.Contains(allowed, k.Value):
			d.errf(k, "unknown key %q in %s: expected %s", k.Value, what, strings.Join(allowed, ", "))
			continue
		case seen[k.Value]:
			d.errf(k, "key %q given twice in %s", k.Value, what)
			continue
		}
		seen[k.Value] = true
		f(k.Value, k, v)
	}
}

func (d *cardDecoder) str(n *yaml.Node, key string) string {
	if n.Kind != yaml.ScalarNode {
		d.errf(n, "%s must be text", key)
		return ""
	}
	return n.Value
}

func (d *cardDecoder) int(n *yaml.Node, key string) int {
	if n.Kind == yaml.ScalarNode {
		if v, err := strconv.Atoi(n.Value); err == nil {
			return v
		}
	}
	d.errf(n, "%s must be a whole number, not %q", key, n.Value)
	return 0
}

func (d *cardDecoder) bool(n *yaml.Node, key string) bool {
	if n.Kind == yaml.ScalarNode {
		switch n.Value {
		case "true", "yes":
			return true
		case "false", "no":
			return false
		}
	}
	d.errf(n, "%s must be true or false, not %q", key, n.Value)
	return false
}

func (d *cardDecoder) ints(n *yaml.Node, key string) []int {
	if n.Kind != yaml.SequenceNode {
		d.errf(n, "%s must be a list of numbers, e.g. [1, 3, 5]", key)
		return nil
	}
	out := make([]int, 0, len(n.Content))
	for _, c := range n.Content {
		out = append(out, d.int(c, key))
	}
	return out
}

var defaultKeys = []string{"value", "concealed", "jokerless_bonus", "note", "x"}

func (d *cardDecoder) defaults(n *yaml.Node, base lineDefaults) lineDefaults {
	out := base
	d.fields(n, "defaults", defaultKeys, func(key string, _, v *yaml.Node) {
		switch key {
		case "value":
			x := d.int(v, key)
			out.value = &x
		case "concealed":
			x := d.bool(v, key)
			out.concealed = &x
		case "jokerless_bonus":
			x := d.bool(v, key)
			out.jokerlessBonus = &x
		case "note":
			x := d.str(v, key)
			out.note = &x
		case "x":
			out.x = d.ints(v, key)
		}
	})
	return out
}

func (d *cardDecoder) document(doc *yaml.Node) american.CardSpec {
	spec := american.CardSpec{Source: scoring.Source{Ruleset: d.file, Line: 1}}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		d.errf(doc, "empty card file: expected a card: mapping")
		return spec
	}
	root := doc.Content[0]
	found := false
	d.fields(root, "the card file", []string{"card"}, func(_ string, k, v *yaml.Node) {
		found = true
		spec.Source.Line = k.Line
		d.card(v, &spec)
	})
	if !found && len(d.errs) == 0 {
		d.errf(root, "no card: key")
	}
	return spec
}

func (d *cardDecoder) card(n *yaml.Node, spec *american.CardSpec) {
	def := lineDefaults{}
	var sections, lines *yaml.Node
	d.fields(n, "card", []string{"name", "year", "defaults", "sections", "lines"}, func(key string, _, v *yaml.Node) {
		switch key {
		case "name":
			spec.Name = d.str(v, key)
		case "year":
			spec.Year = d.int(v, key)
		case "defaults":
			def = d.defaults(v, def)
		case "sections":
			sections = v
		case "lines":
			lines = v
		}
	})
	// Defaults apply whatever their place among the keys, so lines are read last. Lines written
	// straight under card: may name their section each.
	if lines != nil {
		d.lines(lines, "", true, def, spec)
	}
	if sections != nil {
		if sections.Kind != yaml.SequenceNode {
			d.errf(sections, "sections must be a list")
			return
		}
		for _, s := range sections.Content {
			d.section(s, def, spec)
		}
	}
}

func (d *cardDecoder) section(n *yaml.Node, def lineDefaults, spec *american.CardSpec) {
	name := ""
	var lines, defs *yaml.Node
	d.fields(n, "a section", []string{"name", "defaults", "lines"}, func(key string, _, v *yaml.Node) {
		switch key {
		case "name":
			name = d.str(v, key)
		case "defaults":
			defs = v
		case "lines":
			lines = v
		}
	})
	if defs != nil {
		def = d.defaults(defs, def)
	}
	if lines == nil {
		if n.Kind == yaml.MappingNode {
			d.errf(n, "section %q has no lines", name)
		}
		return
	}
	d.lines(lines, name, false, def, spec)
}

func (d *cardDecoder) lines(n *yaml.Node, section string, flat bool, def lineDefaults, spec *american.CardSpec) {
	keys := []string{"id", "pattern", "value", "concealed", "note", "x", "jokerless_bonus"}
	if flat {
		keys = append([]string{"section"}, keys...)
	}
	if n.Kind != yaml.SequenceNode {
		d.errf(n, "lines must be a list")
		return
	}
	for _, ln := range n.Content {
		ls := american.LineSpec{Section: section, JokerlessBonus: true, Source: d.src(ln)}
		if def.value != nil {
			ls.Value = *def.value
		}
		if def.concealed != nil {
			ls.Concealed = *def.concealed
		}
		if def.jokerlessBonus != nil {
			ls.JokerlessBonus = *def.jokerlessBonus
		}
		if def.note != nil {
			ls.Note = *def.note
		}
		xSet := false
		d.fields(ln, "a line", keys, func(key string, _, v *yaml.Node) {
			switch key {
			case "section":
				ls.Section = d.str(v, key)
			case "id":
				ls.ID = d.str(v, key)
			case "pattern":
				d.pattern(v, &ls)
			case "value":
				ls.Value = d.int(v, key)
			case "concealed":
				ls.Concealed = d.bool(v, key)
			case "note":
				ls.Note = d.str(v, key)
			case "x":
				ls.X, xSet = d.ints(v, key), true
			case "jokerless_bonus":
				ls.JokerlessBonus = d.bool(v, key)
			}
		})
		// A default x: restricts only the lines that have an X.
		if !xSet && slices.ContainsFunc(ls.Pattern, func(p string) bool { return strings.Contains(p, "X") }) {
			ls.X = def.x
		}
		spec.Lines = append(spec.Lines, ls)
	}
}

// pattern reads a pattern: one string, or a list of alternatives.
func (d *cardDecoder) pattern(n *yaml.Node, ls *american.LineSpec) {
	switch n.Kind {
	case yaml.ScalarNode:
		ls.Pattern = []string{n.Value}
		ls.PatternLines = []int{n.Line}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			ls.Pattern = append(ls.Pattern, d.str(c, "a pattern alternative"))
			ls.PatternLines = append(ls.PatternLines, c.Line)
		}
	default:
		d.errf(n, "pattern must be text or a list of alternatives")
	}
}
