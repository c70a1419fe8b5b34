package yamldoc

import (
	"bytes"
	"strings"
)

// Prescan refuses, from the text alone and before any node is built, a document with a mapping
// of more than MaxKeys keys: the parser's tree of a 1 MiB file of keys costs tens of megabytes,
// the scan a few milliseconds and no memory. It counts only what it is sure are keys of one
// mapping: plain keys at one column of a block mapping with no line at a smaller column between,
// and the commas of a flow mapping ({a: 1, b: 2}: each comma follows an entry); it skips what it
// is not sure of (block scalars, quoted and flow values over several lines, explicit keys), so it
// never refuses a document that Check passes. Check, on the tree, has the last word.
func Prescan(data []byte) error {
	var (
		count   []int // count[c]: keys at column c in the current block mapping there
		first   []int // the line of that mapping's first key
		block   int   // inside a block scalar: lines indented more than this are its text
		inBlock bool  // inside a block scalar
		await   = -1  // the indentation of the line before when its value is on this line ("key:"), else -1
		fl      flow  // a quoted or flow value not closed at the end of its line
		skip    = -1  // the smallest column of the lines skipped inside it, -1 when none
		lineNo  int
	)
	reset := func(from int) {
		for c := max(from, 0); c < len(count); c++ {
			count[c] = 0
		}
	}
	for len(data) > 0 {
		lineNo++
		// A line ends at LF, CR LF or a CR alone: YAML's line breaks, as go-yaml reads them.
		line := data
		if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
			crlf := data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n'
			line, data = data[:i], data[i+1:]
			if crlf {
				data = data[1:]
			}
		} else {
			data = nil
		}
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		rest := line[indent:]
		if fl.open() {
			if len(rest) > 0 && (skip < 0 || indent < skip) {
				skip = indent
			}
			if err := fl.scan(rest, lineNo); err != nil {
				return err
			}
			if !fl.open() && skip >= 0 {
				// The lines skipped may have closed mappings (if what opened the value was
				// no quote or bracket after all): forget the keys counted beside and below them.
				reset(skip + 1)
				skip = -1
			}
			continue
		}
		if len(rest) == 0 || rest[0] == '#' {
			continue // blank or a comment: no structure
		}
		if inBlock {
			if indent > block {
				continue
			}
			inBlock = false
		}
		if indent == 0 && (bytes.HasPrefix(rest, []byte("---")) || bytes.HasPrefix(rest, []byte("...")) || rest[0] == '%') {
			reset(0)
			await = -1
			continue
		}
		reset(indent + 1)
		col := indent
		entry := false // the line starts with "- "
		for len(rest) > 1 && rest[0] == '-' && rest[1] == ' ' || len(rest) == 1 && rest[0] == '-' {
			// A sequence entry: what follows starts a new collection at its own column.
			n := 1
			for n < len(rest) && rest[n] == ' ' {
				n++
			}
			col += n
			rest = rest[n:]
			reset(col)
			entry = true
		}
		value, ok := plainKey(rest)
		if ok {
			for len(count) <= col {
				count, first = append(count, 0), append(first, 0)
			}
			if count[col] == 0 {
				first[col] = lineNo
			}
			count[col]++
			if count[col] > MaxKeys {
				return &LimitError{Line: first[col], Msg: keysMsg}
			}
		} else {
			value = rest
		}
		if isBlockIndicator(value) {
			// The text of "key: |" or "- |" is indented more than the line; that of a "|" on
			// its own line is indented more than the key it is the value of (on the line
			// before), and a document's root may be at any column.
			block, inBlock = indent, true
			if !ok && !entry {
				block = await
			}
		}
		await = -1
		if v := bytes.TrimLeft(value, " \t"); len(v) == 0 || v[0] == '#' {
			await = indent // "key:" or "-": the value is on the next line
		}
		fl = flow{start: true}
		if err := fl.scan(value, lineNo); err != nil {
			return err
		}
	}
	return nil
}

// flow follows quotes and flow brackets through a value, across lines.
type flow struct {
	quote byte    // the open quote, or 0
	stack []frame // the open brackets
	start bool    // where a scalar or a collection starts (a value's first character)
}

// frame is one open bracket: a flow mapping's commas are counted when it surely is one (it
// opened where a value starts, within brackets that surely are flow collections).
type frame struct {
	open    byte
	counted bool
	commas  int
	line    int
}

func (f *flow) open() bool { return f.quote != 0 || len(f.stack) > 0 }

// scan follows one line (without its indentation) of a value.
func (f *flow) scan(s []byte, line int) error {
	closed := -1 // where a quoted scalar ended on this line
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch f.quote {
		case '"':
			if c == '\\' {
				i++
			} else if c == '"' {
				f.quote, closed = 0, i
			}
			continue
		case '\'':
			if c == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					i++
				} else {
					f.quote, closed = 0, i
				}
			}
			continue
		}
		if c == ' ' || c == '\t' {
			continue // spaces leave start as it is
		}
		top := len(f.stack) - 1
		switch {
		case c == '#' && (i == 0 || i == closed+1 || strings.IndexByte(" \t,[]{}:", s[i-1]) >= 0):
			// A comment to the end of the line. go-yaml (as libyaml) takes a '#' right after a
			// token for one too: "{x,#", and "{"a"#," after a quoted scalar.
			return nil
		case c == '"' || c == '\'':
			// A quote opens a scalar only where one starts; taking one in the middle of a
			// plain scalar for an opening only makes the scan skip lines.
			if f.start || i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') {
				f.quote = c
			}
		case c == '!' && f.start:
			// A tag runs to the next space, commas and brackets included (go-yaml reads "!,"
			// as a tag): none of it is structure, and what follows it is left uncounted.
			for i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '\t' {
				i++
			}
		case c == '[' || c == '{':
			counted := f.start && (top < 0 || f.stack[top].counted)
			f.stack = append(f.stack, frame{open: c, counted: counted, line: line})
			f.start = true
			continue
		case (c == ']' || c == '}') && top >= 0:
			f.stack = f.stack[:top]
		case c == ',' && top >= 0:
			fr := &f.stack[top]
			fr.commas++
			if fr.counted && fr.open == '{' && fr.commas > MaxKeys {
				return &LimitError{Line: fr.line, Msg: keysMsg}
			}
			f.start = true
			continue
		case (c == ':' || c == '?') && top >= 0, c == '-' && top >= 0 && (i+1 == len(s) || s[i+1] == ' '):
			// In a flow collection a value starts after ":", and a key after "?", even without
			// a space ({"a":"b"}, {?"k"}: go-yaml, as libyaml, reads both as indicators there).
			f.start = true
			continue
		}
		f.start = false
	}
	return nil
}

// plainKey reads "key: value" where key is a plain scalar on one line, returning the value; ok
// is false for anything
// else (a quoted, explicit, anchored or tagged key, a scalar, a flow collection).
func plainKey(s []byte) (value []byte, ok bool) {
	if len(s) == 0 || bytes.IndexByte([]byte("-?:,[]{}#&*!|>'\"%@`"), s[0]) >= 0 {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '#' && s[i-1] == ' ':
			return nil, false // a comment before any ": "
		case s[i] == ':' && (i+1 == len(s) || s[i+1] == ' '):
			return s[i+1:], true
		}
	}
	return nil, false
}

// isBlockIndicator reports whether a value (a comment after it allowed) starts a block scalar
// (| or > with indicators), or might: it may only make the scan skip lines.
func isBlockIndicator(v []byte) bool {
	if i := bytes.Index(v, []byte(" #")); i >= 0 {
		v = v[:i]
	}
	v = bytes.TrimRight(v, " ")
	if i := bytes.LastIndexByte(v, ' '); i >= 0 {
		v = v[i+1:]
	}
	if len(v) == 0 || v[0] != '|' && v[0] != '>' {
		return false
	}
	return len(bytes.Trim(v[1:], "+-0123456789")) == 0
}
