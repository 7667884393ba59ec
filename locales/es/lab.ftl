# Perceptron Lab's words in Spanish, translated from locales/en/lab.ftl.
# Drafted without a native speaker's review: see the docs' "Add a language" to correct it.

## The step bar's buttons, and the headings over a step

button-step = Paso →
button-play = Reproducir
button-pause = Pausa
button-next-mistake = Siguiente error
button-finish-epoch = Terminar época
button-run = Hasta converger
button-reset = Reiniciar
button-clear = Vaciar
button-back = ← Atrás
classes-add = Añadir clase
explain-heading = Este paso
explain-term-weights = pesos
explain-term-score = puntuación
explain-term-check = comprobación
explain-term-update = actualización

## The status panel's terms

status-algorithm = Algoritmo
status-step = Paso
status-epoch = Época
status-sample = Muestra
status-score = Puntuación
status-result = Resultado
status-model = Modelo
status-updates = Actualizaciones
status-state = Estado
status-points = Puntos
status-accuracy = Exactitud
status-averaged = promediado

## The step table (the trace panel, and the tables exported for slides)

table-step = paso
table-weights = pesos
table-score = puntuación
table-correct = ¿correcto?
table-update = actualización
table-yes = sí
table-no = no
table-none = ninguna

## "This step": one step's arithmetic with its real numbers

explain-title = Paso { $step }: muestra n.º { $index } { $point }, y = { $sign }
explain-title-none = Aún no hay pasos: pulse Paso (→) para visitar la primera muestra.
explain-mistake = y·s = { $margin } ≤ 0 → error
explain-correct = y·s = { $margin } > 0 → correcto
explain-no-update = sin actualización (puntuación { $score })

## The line over "This step", and the status's result

step-line = Paso { $step } · { $sample } · puntuación { $score } · { $outcome }
step-line-none = Aún no hay pasos: pulse Paso (→).
outcome-mistake = error → { $update }
outcome-correct = correcta, sin actualización

## Counts

mistakes = { $count ->
    [one] { $count } error
   *[other] { $count } errores
}

## The language menu

language-label = Idioma
language-refused = No se cambió el idioma: { $reason }

## Spoken: a step in words (the live region, and the described plot)

step-full = Paso { $step }, época { $epoch }: { $what }. { $after }.
step-brief = Paso { $step }: { $what }; { $wrong }.
perceptron-spoken-full = muestra { $index } en { $point }, clase { $class }, puntuación { $score }, { $verdict }
perceptron-spoken-brief = muestra { $index }, { $verdict }
verdict-mistake = un error
verdict-correct = correcta
w-becomes = w pasa a ser { $w }
boundary-appears = aparece la frontera
boundary-vanishes = la frontera desaparece (w1 = w2 = 0)
boundary-shifts = la frontera mantiene su dirección y se desplaza
boundary-flips = la frontera se invierte: w apunta ahora en sentido contrario
boundary-turns = la frontera gira { $degrees }° { $way ->
    [clockwise] en sentido horario
   *[anticlockwise] en sentido antihorario
}
epoch-end = Fin de la época { $epoch }.

## How many points are wrong

wrong-brief = { $wrong } de { $n } mal
wrong-none-of-one = el único punto está bien clasificado
wrong-none = los { $n } puntos están bien clasificados
wrong-some = { $wrong ->
    [one] { $wrong } de { $n } puntos está { $place }
   *[other] { $wrong } de { $n } puntos están { $place }
}
wrong-place-side = en el lado equivocado
wrong-place-region = en la región de otra clase
