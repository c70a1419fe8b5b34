package rulesets

import (
	"cmp"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// Section is a rule family's section of its rulesets, as the family registers it: the key it is
// written under, the Go value it decodes into, and the family's built-in rulesets. The loader
// decodes and validates a registered section as it does its own (unknown keys and wrong types are
// errors with their lines, a Validate method runs after the decode, Source fields get their lines),
// and keeps it in the Ruleset (Ruleset.Section).
type Section struct {
	// Family is the family: key of the family's rulesets, and the key its section is written under
	// ("riichi").
	Family string
	// New returns a new value to decode the section into: a pointer to a struct whose fields have
	// yaml tags. When it has a method Validate() error, the loader calls it; a *scoring.RuleError's
	// Path then names the key at fault.
	New func() any
	// Builtins holds the family's built-in rulesets, one NAME.yaml file each at its root (nil:
	// none). Their names are built-in names like hk's: --rules NAME, extends: NAME.
	Builtins fs.FS

	// The hooks a section may set, for what it does with the rest of the ruleset; each sees the
	// ruleset through a *Prep. Decoded runs once the YAML has decoded, before anything is
	// validated, with every key's line (not for a built-in's snapshot): for what the section keeps
	// of where it was written (hk's house hands cite their file). Prepare runs after the section's
	// own Validate and before the settlement is checked: for what the section reads beside the
	// ruleset (American's card). Finish runs after the settlement is checked and before the flow
	// is: for what the section tells the settlement and the flow, or checks against them (hk's
	// faan bounds, DeBurger's race).
	Decoded func(p *Prep)
	Prepare func(p *Prep) error
	Finish  func(p *Prep) error

	// Snapshots are the family's built-in rulesets as go generate decoded them, so loading one
	// parses no YAML (see Snapshots); nil: they are read from their YAML.
	Snapshots *Snapshots
}

// Prep is a ruleset being loaded, as a section's hooks see it: the ruleset, and where each of its
// keys was written, for errors that cite the line.
type Prep struct {
	Ruleset *Ruleset
	l       *loader
	top     *yaml.Node // the merged document; nil for a built-in's snapshot (no lines to cite)
}

// Fail is an error about the value at key path (["hk", "cap"]), cited at the line that wrote it,
// or at the value beside it the user wrote when msg names that one (a user's cap: 2 below an
// inherited min_faan).
func (p *Prep) Fail(path []string, msg string) error { return p.l.fail(p.Ruleset, p.top, path, msg) }

// FailAt is an error about the value at key path, cited at its own line (prefixed with its key when
// --set wrote it).
func (p *Prep) FailAt(path []string, msg string) error {
	f, line := p.At(path...)
	if f == "--set" {
		msg = strings.Join(path, ".") + ": " + msg
		line = 0
	}
	return &Error{File: f, Line: line, Msg: msg}
}

// At is the file and line that wrote key path: the ruleset's file and 0 for a snapshot.
func (p *Prep) At(path ...string) (file string, line int) {
	if p.top == nil {
		return p.Ruleset.File, 0
	}
	n, _ := nodeAt(p.top, path)
	return p.l.files[n], n.Line
}

// Written reports whether key path was written, and where: its file ("--set" for an override) and
// line. A snapshot has no lines: false.
func (p *Prep) Written(path ...string) (file string, line int, ok bool) {
	n, ok := nodeAt(p.top, path)
	if !ok {
		return "", 0, false
	}
	return p.l.files[n], n.Line, true
}

// Uploaded reports whether the ruleset was sent as text (LoadUploaded): it may name built-in files
// only.
func (p *Prep) Uploaded() bool { return p.l.upload != nil }

// Files reads the files the load opens.
func (p *Prep) Files() Files { return p.l.fsys }

// Keep keeps v with the ruleset, for its family to read back (Ruleset.Kept): what a hook made of
// what the section names (American's card, loaded).
func (p *Prep) Keep(v any) { p.Ruleset.kept = v }

// Beside resolves a file named in the ruleset at key path (a card:): a built-in name (builtin
// says which are) as it is, else a path against the directory of the file that wrote the key, so
// a ruleset means the same wherever it is run from. A built-in ruleset names built-ins only.
func (p *Prep) Beside(path []string, name string, builtin func(string) bool) string {
	from, _, _ := p.Written(path...) // "" for a built-in snapshot (no nodes)
	return relativeTo(from, name, builtin)
}

// BindBounds gives the settlement the range a win is paid in (b: hk's faan from min_faan to the
// cap, American's values), so a payment reads the table at the worth the score says, and says what
// its table reaches and how a message names the table, with its line ("table faan (hk.yaml:40)");
// ok is false with no settlement, or with a table the settlement's own check has reported.
func (p *Prep) BindBounds(b scoring.Bounds) (reach settle.Reach, table string, ok bool) {
	s := p.Ruleset.Settlement
	if s == nil {
		return reach, "", false
	}
	s.Bounds = b
	reach, err := s.Reach()
	if err != nil {
		return reach, "", false // Validate has reported the table already
	}
	tf, tl := p.At("settlement", "tables", reach.Table)
	return reach, fmt.Sprintf("table %s (%s:%d)", reach.Table, tf, tl), true
}

// Quote quotes a value from a ruleset file for a message: Go-quoted (control characters
// escaped) and cut to an excerpt, so a 1 MB key does not make a 1 MB message.
func Quote(s string) string { return quote(s) }

// section is a registered section.
type section struct {
	Section
	names []string // its built-in rulesets (builtinFileNames of Builtins), read once
}

var (
	sectionsMu sync.RWMutex
	// sections in the order they were registered.
	sections        []section
	decodeTypeCache reflect.Type // the type a ruleset decodes into; nil until asked, reset by RegisterSection
)

// beforeRead, when set (OnFirstRead), runs before the registered sections are read, so sections
// registered on first use are there to read. It must not read the sections itself.
var beforeRead func()

// OnFirstRead makes register run before the registered sections are first read (Families, Load,
// the built-in rulesets): the family package registers families on first use through it.
// register is called before every read and must be cheap once it has run (a sync.Once); it may
// call RegisterSection. Set it from an init function, once.
func OnFirstRead(register func()) {
	if beforeRead != nil {
		panic("rulesets: OnFirstRead called twice")
	}
	beforeRead = register
}

// readySections runs beforeRead, outside sectionsMu: every reader of sections calls it first.
func readySections() {
	if beforeRead != nil {
		beforeRead()
	}
}

// RegisterSection registers a family's section and built-in rulesets; family.Register calls it for
// a family that has one (a test may call it for a toy section). Registering a family twice, a key the ruleset already has (name, settlement, ...),
// a built-in ruleset name already taken, or a New that does not return a pointer to a struct panics:
// it is a programming error, found when the families are registered.
func RegisterSection(s Section) {
	sectionsMu.Lock()
	defer sectionsMu.Unlock()
	if s.Family == "" || s.New == nil {
		panic("rulesets: a section needs a family and a New")
	}
	if t := reflect.TypeOf(s.New()); t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("rulesets: section %s: New must return a pointer to a struct, not %v", s.Family, t))
	}
	if _, dup := yamlFields(reflect.TypeFor[Ruleset]())[s.Family]; dup {
		panic("rulesets: section " + s.Family + ": a ruleset already has that key")
	}
	for _, x := range sections {
		if x.Family == s.Family {
			panic("rulesets: section " + s.Family + " registered twice")
		}
	}
	if s.Builtins != nil {
		taken := builtinNamesLocked()
		for _, n := range builtinFileNames(s.Builtins) {
			if slices.Contains(taken, n) {
				panic("rulesets: section " + s.Family + ": built-in ruleset " + n + " is already built in")
			}
		}
	}
	for name := range s.Snapshots.rulesets() {
		if s.Builtins == nil || !slices.Contains(builtinFileNames(s.Builtins), name) {
			panic("rulesets: section " + s.Family + ": a snapshot of " + name + ", which it does not build in")
		}
	}
	sections = append(sections, section{Section: s, names: builtinFileNames(s.Builtins)})
	decodeTypeCache = nil
}

// Families lists the families of the registered sections as a listing reads them: the family of
// the default ruleset first, then the others by name ("hk", "american", "deburger", "riichi").
func Families() []string {
	readySections()
	sectionsMu.RLock()
	defer sectionsMu.RUnlock()
	out := make([]string, len(sections))
	first := ""
	for i, s := range sections {
		out[i] = s.Family
		if slices.Contains(s.names, Default) {
			first = s.Family
		}
	}
	rank := func(f string) int {
		if f == first {
			return 0
		}
		return 1
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a, b)) })
	return out
}

// Section is the section of the ruleset's own family: the value the family's registered
// Section.New made; nil when the ruleset has none.
func (rs *Ruleset) Section() any { return rs.sectionOf(rs.Family) }

// sectionOf is the section written under key family, or nil.
func (rs *Ruleset) sectionOf(family string) any {
	if rs == nil {
		return nil
	}
	return rs.sections[family]
}

// lookupSection is the section registered for family.
func lookupSection(family string) (section, bool) {
	readySections()
	sectionsMu.RLock()
	defer sectionsMu.RUnlock()
	for _, s := range sections {
		if s.Family == family {
			return s, true
		}
	}
	return section{}, false
}

// familyList names the registered families for a message: "hk, american, deburger or riichi".
func familyList() string {
	f := Families()
	if len(f) == 1 {
		return f[0]
	}
	return strings.Join(f[:len(f)-1], ", ") + " or " + f[len(f)-1]
}

// decodeType is the type a ruleset's YAML decodes into: Ruleset itself, or, once a family has
// registered a section, Ruleset inline with a field for each registered section.
func decodeType() reflect.Type {
	readySections()
	sectionsMu.Lock()
	defer sectionsMu.Unlock()
	if decodeTypeCache != nil {
		return decodeTypeCache
	}
	fields := []reflect.StructField{{Name: "Ruleset", Type: reflect.TypeFor[Ruleset](), Tag: `yaml:",inline"`}}
	for i, s := range sections {
		fields = append(fields, reflect.StructField{Name: fmt.Sprintf("Section%d", i), Type: reflect.TypeOf(s.New()),
			Tag: reflect.StructTag(fmt.Sprintf(`yaml:"%s,omitempty"`, s.Family))})
	}
	decodeTypeCache = reflect.TypeFor[Ruleset]()
	if len(fields) > 1 {
		decodeTypeCache = reflect.StructOf(fields)
	}
	return decodeTypeCache
}

// decodeTarget is a new value of decodeType, and the function that takes the Ruleset out of it
// once decoded, with its registered sections.
func decodeTarget() (ptr any, out func() *Ruleset) {
	t := decodeType()
	v := reflect.New(t)
	if t == reflect.TypeFor[Ruleset]() {
		return v.Interface(), func() *Ruleset { return v.Interface().(*Ruleset) }
	}
	return v.Interface(), func() *Ruleset {
		e := v.Elem()
		rs := e.Field(0).Addr().Interface().(*Ruleset)
		for i := 1; i < t.NumField(); i++ {
			fv := e.Field(i)
			if fv.IsNil() {
				continue
			}
			key, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if rs.sections == nil {
				rs.sections = map[string]any{}
			}
			rs.sections[key] = fv.Interface()
		}
		return rs
	}
}

// isDecodeType says whether typeName, as yaml.v3 names a type in an error, is the type a ruleset
// decodes into: the top of the document.
func isDecodeType(typeName string) bool {
	return typeName == "rulesets.Ruleset" || strings.HasPrefix(typeName, "struct")
}

// builtinFile is the built-in ruleset name's file, from the registered section that builds it in.
func builtinFile(name string) ([]byte, error) {
	if strings.ContainsAny(name, "/\\") {
		return nil, fs.ErrNotExist
	}
	readySections()
	sectionsMu.RLock()
	defer sectionsMu.RUnlock()
	for _, s := range sections {
		if slices.Contains(s.names, name) {
			return fs.ReadFile(s.Builtins, name+".yaml")
		}
	}
	return nil, fs.ErrNotExist
}

// builtinSection is the registered section that builds in the ruleset name.
func builtinSection(name string) (section, bool) {
	readySections()
	sectionsMu.RLock()
	defer sectionsMu.RUnlock()
	for _, s := range sections {
		if slices.Contains(s.names, name) {
			return s, true
		}
	}
	return section{}, false
}

// builtinNames lists every built-in ruleset, of every registered section, in the order of their
// file names.
func builtinNames() []string {
	readySections()
	sectionsMu.RLock()
	defer sectionsMu.RUnlock()
	return builtinNamesLocked()
}

func builtinNamesLocked() []string {
	var names []string
	for _, s := range sections {
		names = append(names, s.names...)
	}
	slices.SortFunc(names, func(a, b string) int { return strings.Compare(a+".yaml", b+".yaml") })
	return names
}

// builtinFileNames lists the NAME.yaml files at the root of fsys, by NAME (none for nil).
func builtinFileNames(fsys fs.FS) []string {
	if fsys == nil {
		return nil
	}
	entries, _ := fs.ReadDir(fsys, ".")
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok && !e.IsDir() {
			names = append(names, n)
		}
	}
	return names
}
