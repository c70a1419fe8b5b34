package rulesets

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Decoding a built-in ruleset's YAML (parsing it, checking it strictly, merging what it extends,
// finding every rule's line) costs milliseconds, more than scoring a hand. So a family's built-ins
// may be decoded when the program is built: go generate in the family's package writes each
// resolved ruleset as a Go value (its snapshot_gen.go, see SnapshotSource and internal/snapshot),
// which the family registers as its Section.Snapshots, and Load takes that instead, then validates
// it as usual (which also prepares what the scorers need). A snapshot is used only while the
// checksums of the files it came from match the built-in files: one made before a ruleset file
// changed is ignored, never trusted. VerifySnapshots (a test) fails until it is regenerated (also
// after a change to the ruleset types):
//
//	go generate ./family/...
//
// The generator builds with the tag mjref_nosnapshot, which leaves the snapshot_gen.go files out,
// so it runs even when a change to the ruleset types has made an old snapshot fail to compile.

// Snapshots are a family's built-in rulesets as go generate decoded them.
type Snapshots struct {
	// Shape is the checksum of the types the rulesets decoded into when they were made (see
	// VerifySnapshots).
	Shape uint32
	// Rulesets are the snapshots by built-in name.
	Rulesets map[string]Snapshot
}

func (s *Snapshots) rulesets() map[string]Snapshot {
	if s == nil {
		return nil
	}
	return s.Rulesets
}

// Snapshot is one built-in ruleset as go generate decoded it.
type Snapshot struct {
	// Sums are the checksums of the files it was decoded from: the ruleset and each it extends.
	Sums []FileSum
	// Build makes the value the YAML decodes to, before validation (see Snapshotted).
	Build func() *Ruleset
}

// FileSum is the checksum of a built-in ruleset's file.
type FileSum struct {
	Name string // a built-in ruleset
	CRC  uint32 // its file's checksum (CRC-32C)
}

// Snapshotted is rs with sec as its family's section: how a generated snapshot builds a ruleset.
func Snapshotted(rs *Ruleset, sec any) *Ruleset {
	rs.sections = map[string]any{rs.Family: sec}
	return rs
}

// fromSnapshot returns the built-in ruleset name from its snapshot, validated, or nil when there is
// no current snapshot for it (Load then reads the YAML).
func fromSnapshot(name string) *Ruleset {
	sec, ok := builtinSection(name)
	if !ok {
		return nil
	}
	snap, ok := sec.Snapshots.rulesets()[name]
	if !ok {
		return nil
	}
	for _, f := range snap.Sums {
		if fileCRC(f.Name) != f.CRC {
			return nil // the file changed since go generate: read it
		}
	}
	rs := snap.Build()
	rs.snapshot = name
	if err := (&loader{}).validate(rs, nil); err != nil {
		return nil
	}
	return rs
}

// castagnoli is made on the first checksum: building its tables at start-up cost every command
// a tenth of a millisecond.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// fileCRC is the checksum of a built-in ruleset's file (0 when there is none). A snapshot checks
// the files it came from with it: a change, not an attack, is what it detects.
func fileCRC(name string) uint32 {
	b, err := builtinFile(name)
	if err != nil {
		return 0
	}
	return crc32.Checksum(b, castagnoli())
}

// shapeCRC is the checksum of the exported shape (field names, types and tags) of the types a
// ruleset of the section decodes into. A snapshot records it, so VerifySnapshots notices a type
// change that no ruleset file shows.
func shapeCRC(sec section) uint32 {
	seen := map[reflect.Type]bool{}
	b := appendShape(nil, reflect.TypeFor[Ruleset](), seen)
	b = appendShape(b, reflect.TypeOf(sec.New()), seen)
	return crc32.Checksum(b, castagnoli())
}

// VerifySnapshots checks the snapshots family registered (none: nil): one for each of its
// built-in rulesets, current (made from the files and types as they are now), each the very value
// its YAML decodes to, prepared for scoring the same way, printing the same resolved YAML. A test
// calls it for every family; its error says to run go generate.
func VerifySnapshots(family string) error {
	sec, ok := lookupSection(family)
	if !ok {
		return fmt.Errorf("no section %s is registered", family)
	}
	if sec.Snapshots == nil {
		return nil
	}
	stale := func(what string) error {
		return fmt.Errorf("the snapshots of %s are stale (%s): run go generate in its package", family, what)
	}
	if sec.Snapshots.Shape != shapeCRC(sec) {
		return stale("a ruleset type changed")
	}
	for _, name := range sec.names {
		if _, ok := sec.Snapshots.Rulesets[name]; !ok {
			return stale(name + " has none")
		}
		snap := fromSnapshot(name)
		if snap == nil {
			return stale(name + " changed, or does not validate")
		}
		slow, err := loadYAML(name)
		if err != nil {
			return err
		}
		want, err := slow.YAML()
		if err != nil {
			return err
		}
		got, err := snap.YAML()
		if err != nil {
			return err
		}
		if !bytes.Equal(want, got) {
			return stale(name + " prints other YAML")
		}
		slow.node, snap.snapshot = nil, ""
		if !reflect.DeepEqual(slow, snap) {
			return stale(name + " differs from its YAML")
		}
	}
	return nil
}

// appendShape appends t's exported structure, depth first, each type once.
func appendShape(b []byte, t reflect.Type, seen map[reflect.Type]bool) []byte {
	if seen[t] {
		return b
	}
	seen[t] = true
	b = append(b, t.PkgPath()...)
	b = append(b, ' ')
	b = append(b, t.String()...)
	b = append(b, ' ')
	b = append(b, t.Kind().String()...)
	b = append(b, '\n')
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		b = appendShape(b, t.Elem(), seen)
	case reflect.Map:
		b = appendShape(b, t.Key(), seen)
		b = appendShape(b, t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			b = append(b, '\t')
			b = append(b, f.Name...)
			b = append(b, ' ')
			b = append(b, f.Type.String()...)
			b = append(b, ' ')
			b = append(b, f.Tag...)
			b = append(b, '\n')
			b = appendShape(b, f.Type, seen)
		}
	}
	return b
}

// SnapshotSource returns the snapshot_gen.go of the family's built-in rulesets before gofmt, in
// package pkg (its import path pkgPath, whose own types it writes unqualified): each decoded from
// its YAML, written as a Go value, and the variable snapshots, a *Snapshots for its Section. go
// generate formats it and writes it (see internal/snapshot); formatting is left to the caller so
// mjref itself does not link the Go parser.
func SnapshotSource(family, pkg, pkgPath string) ([]byte, error) {
	sec, ok := lookupSection(family)
	if !ok || sec.Builtins == nil {
		return nil, fmt.Errorf("snapshot: no section %s with built-in rulesets is registered", family)
	}
	g := &goWriter{imports: map[string]string{}, self: pkgPath}
	names := slices.Clone(sec.names)
	slices.Sort(names)
	var body bytes.Buffer
	for _, name := range names {
		rs, err := loadYAML(name)
		if err != nil {
			return nil, fmt.Errorf("snapshot %s: %w", name, err)
		}
		rs.node = nil
		fmt.Fprintf(&body, "\t\t%q: {\n\t\t\tSums: []%s{", name, g.typeName(reflect.TypeFor[FileSum]()))
		for file, depth := name, 0; file != "" && depth < 10; depth++ {
			fmt.Fprintf(&body, "{Name: %q, CRC: 0x%08x}, ", file, fileCRC(file))
			parent, err := loadYAML(file)
			if err != nil {
				return nil, fmt.Errorf("snapshot %s: %w", name, err)
			}
			file = parent.Extends
		}
		fmt.Fprintf(&body, "},\n\t\t\tBuild: func() *%s {\n\t\t\t\treturn %s(", g.typeName(reflect.TypeFor[Ruleset]()), g.qualify(thisPkg, "Snapshotted"))
		if err := g.value(&body, reflect.ValueOf(rs)); err != nil {
			return nil, fmt.Errorf("snapshot %s: %w", name, err)
		}
		body.WriteString(", ")
		if err := g.value(&body, reflect.ValueOf(rs.Section())); err != nil {
			return nil, fmt.Errorf("snapshot %s: %w", name, err)
		}
		body.WriteString(")\n\t\t\t},\n\t\t},\n")
	}
	var src bytes.Buffer
	fmt.Fprintf(&src, "// Code generated by go generate (internal/snapshot); DO NOT EDIT.\n\n")
	fmt.Fprintf(&src, "//go:build !mjref_nosnapshot\n\npackage %s\n\n", pkg)
	if len(g.imports) > 0 {
		src.WriteString("import (\n")
		for _, p := range slices.Sorted(maps.Keys(g.imports)) {
			fmt.Fprintf(&src, "\t%q\n", p)
		}
		src.WriteString(")\n\n")
	}
	fmt.Fprintf(&src, "// snapshots are the built-in rulesets of %s as their YAML decodes, before validation.\n", family)
	fmt.Fprintf(&src, "var snapshots = &%s{\n\tShape: 0x%08x,\n\tRulesets: map[string]%s{\n", g.typeName(reflect.TypeFor[Snapshots]()), shapeCRC(sec), g.typeName(reflect.TypeFor[Snapshot]()))
	src.Write(body.Bytes())
	src.WriteString("\t},\n}\n\n")
	src.WriteString("func snapshotPtr[T any](v T) *T { return &v }\n")
	return src.Bytes(), g.err
}

// goWriter writes values as Go expressions and records the packages they name.
type goWriter struct {
	imports map[string]string // import path -> package name
	self    string            // the import path of the package written
	err     error             // two packages of one name
}

const thisPkg = "github.com/mjref/mjref/rulesets"

// qualify is the name name of package path as the written package names it.
func (g *goWriter) qualify(path, name string) string {
	if path == "" || path == g.self {
		return name
	}
	pkg := path[strings.LastIndex(path, "/")+1:]
	if path == thisPkg {
		pkg = "rulesets"
	}
	for p, n := range g.imports {
		if n == pkg && p != path && g.err == nil {
			g.err = fmt.Errorf("snapshot: packages %s and %s have one name", p, path)
		}
	}
	g.imports[path] = pkg
	return pkg + "." + name
}

// typeName is t as Go source names it in the package written.
func (g *goWriter) typeName(t reflect.Type) string {
	if t.Name() != "" {
		return g.qualify(t.PkgPath(), t.Name())
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + g.typeName(t.Elem())
	case reflect.Slice:
		return "[]" + g.typeName(t.Elem())
	case reflect.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), g.typeName(t.Elem()))
	case reflect.Map:
		return "map[" + g.typeName(t.Key()) + "]" + g.typeName(t.Elem())
	}
	return t.String()
}

// value writes v as a Go expression. Unexported fields are left out: validation rebuilds them.
func (g *goWriter) value(w *bytes.Buffer, v reflect.Value) error {
	t := v.Type()
	switch t.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			w.WriteString("nil")
			return nil
		}
		if t.Elem().Kind() == reflect.Struct {
			w.WriteByte('&')
			return g.value(w, v.Elem())
		}
		w.WriteString("snapshotPtr(")
		if err := g.value(w, v.Elem()); err != nil {
			return err
		}
		w.WriteByte(')')
		return nil
	case reflect.Struct:
		w.WriteString(g.typeName(t))
		w.WriteString("{\n")
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() || v.Field(i).IsZero() {
				continue
			}
			w.WriteString(f.Name)
			w.WriteString(": ")
			if err := g.value(w, v.Field(i)); err != nil {
				return fmt.Errorf("%s.%s: %w", t, f.Name, err)
			}
			w.WriteString(",\n")
		}
		w.WriteString("}")
		return nil
	case reflect.Map:
		if v.IsNil() {
			w.WriteString("nil")
			return nil
		}
		w.WriteString(g.typeName(t))
		w.WriteString("{\n")
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		for _, k := range keys {
			if err := g.value(w, k); err != nil {
				return err
			}
			w.WriteString(": ")
			if err := g.value(w, v.MapIndex(k)); err != nil {
				return err
			}
			w.WriteString(",\n")
		}
		w.WriteString("}")
		return nil
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && v.IsNil() {
			w.WriteString("nil")
			return nil
		}
		w.WriteString(g.typeName(t))
		w.WriteString("{")
		for i := range v.Len() {
			if err := g.value(w, v.Index(i)); err != nil {
				return err
			}
			w.WriteString(", ")
		}
		w.WriteString("}")
		return nil
	}
	var lit string
	switch t.Kind() {
	case reflect.Bool:
		lit = strconv.FormatBool(v.Bool())
	case reflect.String:
		lit = strconv.Quote(v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lit = strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		lit = strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		lit = strconv.FormatFloat(v.Float(), 'g', -1, 64)
	default:
		return fmt.Errorf("cannot write a %s as Go", t)
	}
	if t.Name() != "" && t.PkgPath() != "" || t.Kind() != reflect.Bool && t.Kind() != reflect.String && t.Kind() != reflect.Int {
		// A named or sized type: convert, so the constant takes the field's type.
		lit = g.typeName(t) + "(" + lit + ")"
	}
	w.WriteString(lit)
	return nil
}
