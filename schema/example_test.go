package schema_test

import (
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/schema"
)

// A hand that does not parse, as the command line (with -o json) and the server report it.
func ExampleNewError() {
	_, err := notation.Parse("123m45x")
	b, _ := schema.Marshal(schema.NewError(err, 2, ""))
	fmt.Println(string(b))
	// Output:
	// {"schema_version":1,"error":"col 7: unknown letter 'x': expected a digit, a suit letter (m p s z f), an honour (E S W N Wd Gd Rd), J, brackets or +","code":2,"col":7,"offset":6,"input":"123m45x","hint":"tiles are digits then a suit letter (123m 456p 789s 11z), melds in brackets [555p]; see 'mjref help notation'"}
}
