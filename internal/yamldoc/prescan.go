package yamldoc

import "bytes"

// Prescan refuses, from the text alone and before any node is built, a document whose block
// mappings are over MaxKeys: the parser's tree of a 1 MiB file of keys costs tens of megabytes,
// the scan a few milliseconds and no memory. It counts only lines it is sure are keys of one
// block mapping (a plain key at a column, with no line at a smaller column between), and skips
// what it is not sure of (block scalars, quoted or flow values over several lines, explicit
// keys), so it never refuses a document that Check passes; Check, on the tree, has the last word.
func Prescan(data []byte) error {
	var (
		count  []int // count[c]: keys at column c in the current block mapping there
		first  []int // the line of that mapping's first key
		block  = -1  // inside a block scalar: lines indented more than this are its text
		quote  byte  // inside a quoted value that goes on to the next line
		depth  int   // inside a flow collection that goes on to the next line
		lineNo int
	)
	reset := func(from int) {
		for c := from; c < len(count); c++ {
			count[c] = 0
		}
	}
	for len(data) > 0 {
		lineNo++
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		rest := line[indent:]
		if quote != 0 || depth > 0 {
			quote, depth = scanValue(line, quote, depth)
			continue
		}
		if len(rest) == 0 || rest[0] == '#' {
			continue // blank or a comment: no structure
		}
		if block >= 0 {
			if indent > block {
				continue
			}
			block = -1
		}
		if indent == 0 && (bytes.HasPrefix(rest, []byte("---")) || bytes.HasPrefix(rest, []byte("...")) || rest[0] == '%') {
			reset(0)
			continue
		}
		reset(indent + 1)
		col := indent
		for len(rest) > 1 && rest[0] == '-' && rest[1] == ' ' || len(rest) == 1 && rest[0] == '-' {
			// A sequence entry: what follows starts a new collection at its own column.
			n := 1
			for n < len(rest) && rest[n] == ' ' {
				n++
			}
			col += n
			rest = rest[n:]
			reset(col)
		}
		value, ok := plainKey(rest)
		if !ok {
			if isBlockIndicator(rest) {
				block = indent
			}
			quote, depth = scanValue(rest, 0, 0)
			continue
		}
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
		if isBlockIndicator(value) {
			block = indent
		}
		quote, depth = scanValue(value, 0, 0)
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

// scanValue follows quotes and flow brackets through one line, from the state a line before left
// (quote: the open quote, depth: open brackets), and returns the state at its end. A quote opens
// only where a scalar starts.
func scanValue(s []byte, quote byte, depth int) (byte, int) {
	start := true // where a scalar may start: after spaces, "[", "{", ",", ":" or "-"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch quote {
		case '"':
			if c == '\\' {
				i++
			} else if c == '"' {
				quote = 0
			}
			continue
		case '\'':
			if c == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					i++
				} else {
					quote = 0
				}
			}
			continue
		}
		switch {
		case c == '#' && (i == 0 || s[i-1] == ' '):
			return 0, depth
		case (c == '"' || c == '\'') && start:
			quote = c
		case c == '[' || c == '{':
			depth++
		case (c == ']' || c == '}') && depth > 0:
			depth--
		}
		start = c == ' ' || c == '[' || c == '{' || c == ',' || c == ':' || c == '-'
	}
	return quote, depth
}
