# Perceptron Lab's words in Arabic, translated from locales/en/lab.ftl.
# Drafted without a native speaker's review: see the docs' "Add a language" to correct it.

# Numbers keep Western digits (0–9), as mathematics is printed in most Arabic courses. A formula
# inside a sentence is kept left to right between U+2066 and U+2069 (invisible, not spoken).

## The step bar's buttons, and the headings over a step

button-step = خطوة →
button-play = تشغيل
button-pause = إيقاف مؤقت
button-next-mistake = الخطأ التالي
button-finish-epoch = إنهاء الحقبة
button-run = حتى التقارب
button-reset = إعادة الضبط
button-clear = مسح
button-back = ← رجوع
classes-add = إضافة صنف
explain-heading = هذه الخطوة
explain-term-weights = الأوزان
explain-term-score = الدرجة
explain-term-check = التحقق
explain-term-update = التحديث

## The status panel's terms

status-algorithm = الخوارزمية
status-step = الخطوة
status-epoch = الحقبة
status-sample = العينة
status-score = الدرجة
status-result = النتيجة
status-model = النموذج
status-updates = التحديثات
status-state = الحالة
status-points = النقاط
status-accuracy = الدقة
status-averaged = المتوسط

## The step table (the trace panel, and the tables exported for slides)

table-step = الخطوة
table-weights = الأوزان
table-score = الدرجة
table-correct = صحيح؟
table-update = التحديث
table-yes = نعم
table-no = لا
table-none = لا شيء

## "This step": one step's arithmetic with its real numbers

explain-title = الخطوة { $step }: العينة رقم { $index } { $point }، ⁦y = { $sign }⁩
explain-title-none = لا خطوات بعد: اضغط «خطوة» (→) لزيارة العينة الأولى.
explain-mistake = ⁦y·s = { $margin } ≤ 0⁩ ← خطأ
explain-correct = ⁦y·s = { $margin } > 0⁩ ← صحيح
explain-no-update = لا تحديث (الدرجة { $score })

## The line over "This step", and the status's result

step-line = الخطوة { $step } · { $sample } · الدرجة { $score } · { $outcome }
step-line-none = لا خطوات بعد: اضغط «خطوة» (→).
outcome-mistake = خطأ ← { $update }
outcome-correct = صحيحة، بلا تحديث

## Counts

mistakes = { $count ->
    [zero] لا أخطاء ({ $count })
    [one] خطأ واحد ({ $count })
    [two] خطآن ({ $count })
    [few] { $count } أخطاء
    [many] { $count } خطأً
   *[other] { $count } خطأ
}

## The language menu

language-label = اللغة
language-refused = لم تتغير اللغة: { $reason }

## Spoken: a step in words (the live region, and the described plot)

step-full = الخطوة { $step }، الحقبة { $epoch }: { $what }. { $after }.
step-brief = الخطوة { $step }: { $what }؛ { $wrong }.
perceptron-spoken-full = العينة { $index } عند { $point }، الصنف { $class }، الدرجة { $score }، { $verdict }
perceptron-spoken-brief = العينة { $index }، { $verdict }
verdict-mistake = خطأ
verdict-correct = صحيحة
w-becomes = يصبح w مساويًا { $w }
boundary-appears = يظهر الحد الفاصل
boundary-vanishes = يختفي الحد الفاصل (w1 = w2 = 0)
boundary-shifts = يحافظ الحد الفاصل على اتجاهه وينزاح
boundary-flips = ينقلب الحد الفاصل: يشير w الآن في الاتجاه المعاكس
boundary-turns = يدور الحد الفاصل { $degrees }° { $way ->
    [clockwise] باتجاه عقارب الساعة
   *[anticlockwise] عكس اتجاه عقارب الساعة
}
epoch-end = نهاية الحقبة { $epoch }.

## How many points are wrong

wrong-brief = { $wrong } من { $n } خاطئة
wrong-none-of-one = النقطة الوحيدة مصنفة تصنيفًا صحيحًا
wrong-none = جميع النقاط الـ { $n } مصنفة تصنيفًا صحيحًا
wrong-some = { $wrong ->
    [zero] لا نقاط من { $n } { $place }
    [one] نقطة واحدة من { $n } { $place }
    [two] نقطتان من { $n } { $place }
    [few] { $wrong } نقاط من { $n } { $place }
   *[other] { $wrong } نقطة من { $n } { $place }
}
wrong-place-side = في الجانب الخاطئ
wrong-place-region = في منطقة صنف آخر
