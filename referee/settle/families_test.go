package settle_test

import _ "github.com/mjref/mjref/engine" // registers every family's section and built-in rulesets
