package yamldoc

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Limits on one YAML document, checked on its node tree (which the parser builds in time and memory
// linear in the text) before anything decodes it: decoding a mapping compares each key with every
// key before it, merging a ruleset onto the one it extends does the same, and an alias is decoded
// again wherever it is used, so without them a 1 MiB file costs minutes.
const (
	// MaxKeys caps the keys of one mapping (the largest built-in one has 46).
	MaxKeys = 500
	// MaxAliases caps the aliases (*name) of one document (the built-in files use none).
	MaxAliases = 100
	// MaxAliasNodes caps the nodes the aliases of one document stand for, each counted as often
	// as it is used, so nested aliases cannot multiply a small file.
	MaxAliasNodes = 10_000
)

// keysMsg is a constant (strconv would need init): MaxKeys spelled out, checked by a test.
const keysMsg = "a mapping of more than 500 keys: the limit is 500 in one mapping"

// LimitError is a document over one of the limits: the line of the mapping or alias and what is
// over. It quotes nothing of the document.
type LimitError struct {
	Line int
	Msg  string
}

func (e *LimitError) Error() string { return e.Msg }

// Check refuses a document over MaxKeys, MaxAliases or MaxAliasNodes, with the line of the
// mapping or the alias. It walks each node once (an alias's target is sized once and remembered),
// so it costs time linear in the tree.
func Check(doc *yaml.Node) error {
	c := checker{size: map[*yaml.Node]int{}}
	return c.walk(doc)
}

type checker struct {
	aliases, aliasNodes int
	size                map[*yaml.Node]int // an anchored node's size, aliases within expanded
}

func (c *checker) walk(n *yaml.Node) error {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case yaml.MappingNode:
		if len(n.Content)/2 > MaxKeys {
			return &LimitError{Line: n.Line, Msg: keysMsg}
		}
	case yaml.AliasNode:
		c.aliases++
		if c.aliases > MaxAliases {
			return &LimitError{Line: n.Line, Msg: fmt.Sprintf("more than %d aliases (*name): the limit is %d in one document", MaxAliases, MaxAliases)}
		}
		c.aliasNodes += c.sizeOf(n.Alias, 0)
		if c.aliasNodes > MaxAliasNodes {
			return &LimitError{Line: n.Line, Msg: fmt.Sprintf("aliases (*name) that stand for more than %d values: the limit is %d in one document", MaxAliasNodes, MaxAliasNodes)}
		}
		return nil // its target is walked where it is written
	}
	for _, ch := range n.Content {
		if err := c.walk(ch); err != nil {
			return err
		}
	}
	return nil
}

// sizeOf counts the nodes n stands for, an alias as its target, stopping early once past
// MaxAliasNodes (a cycle of aliases, which the decoder refuses, counts as too many).
func (c *checker) sizeOf(n *yaml.Node, depth int) int {
	if n == nil {
		return 0
	}
	if s, ok := c.size[n]; ok {
		return s
	}
	if depth > 1000 {
		return MaxAliasNodes + 1
	}
	c.size[n] = MaxAliasNodes + 1 // while it is being counted: a cycle is too many
	s := 1
	if n.Kind == yaml.AliasNode {
		s = c.sizeOf(n.Alias, depth+1)
	} else {
		for _, ch := range n.Content {
			s += c.sizeOf(ch, depth+1)
			if s > MaxAliasNodes {
				break
			}
		}
	}
	s = min(s, MaxAliasNodes+1)
	c.size[n] = s
	return s
}
