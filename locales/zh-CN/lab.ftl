# Perceptron Lab's words in Simplified Chinese, translated from locales/en/lab.ftl.
# Drafted without a native speaker's review: see the docs' "Add a language" to correct it.

## The step bar's buttons, and the headings over a step

button-step = 单步 →
button-play = 播放
button-pause = 暂停
button-next-mistake = 下一个错误
button-finish-epoch = 完成本轮
button-run = 运行至收敛
button-reset = 重置
button-clear = 清空
button-back = ← 后退
classes-add = 添加类别
explain-heading = 本步
explain-term-weights = 权重
explain-term-score = 得分
explain-term-check = 检验
explain-term-update = 更新

## The status panel's terms

status-algorithm = 算法
status-step = 步骤
status-epoch = 轮次
status-sample = 样本
status-score = 得分
status-result = 结果
status-model = 模型
status-updates = 更新次数
status-state = 状态
status-points = 点数
status-accuracy = 准确率
status-averaged = 平均

## The step table (the trace panel, and the tables exported for slides)

table-step = 步骤
table-weights = 权重
table-score = 得分
table-correct = 正确？
table-update = 更新
table-yes = 是
table-no = 否
table-none = 无

## "This step": one step's arithmetic with its real numbers

explain-title = 第 { $step } 步：样本 #{ $index } { $point }，y = { $sign }
explain-title-none = 尚未执行任何步骤：按“单步”（→）访问第一个样本。
explain-mistake = y·s = { $margin } ≤ 0 → 错误
explain-correct = y·s = { $margin } > 0 → 正确
explain-no-update = 不更新（得分 { $score }）

## The line over "This step", and the status's result

step-line = 第 { $step } 步 · { $sample } · 得分 { $score } · { $outcome }
step-line-none = 尚未执行任何步骤：请按“单步”（→）。
outcome-mistake = 错误 → { $update }
outcome-correct = 正确，不更新

## Counts

mistakes = { $count } 个错误

## The language menu

language-label = 语言
language-refused = 语言未更改：{ $reason }

## Spoken: a step in words (the live region, and the described plot)

step-full = 第 { $step } 步，第 { $epoch } 轮：{ $what }。{ $after }。
step-brief = 第 { $step } 步：{ $what }；{ $wrong }。
perceptron-spoken-full = 样本 { $index }，位于 { $point }，类别 { $class }，得分 { $score }，{ $verdict }
perceptron-spoken-brief = 样本 { $index }，{ $verdict }
verdict-mistake = 分类错误
verdict-correct = 分类正确
w-becomes = w 变为 { $w }
boundary-appears = 决策边界出现
boundary-vanishes = 决策边界消失（w1 = w2 = 0）
boundary-shifts = 决策边界方向不变，发生平移
boundary-flips = 决策边界翻转：w 现在指向相反方向
boundary-turns = 决策边界{ $way ->
    [clockwise] 顺时针
   *[anticlockwise] 逆时针
}旋转 { $degrees }°
epoch-end = 第 { $epoch } 轮结束。

## How many points are wrong

wrong-brief = { $n } 个中 { $wrong } 个错误
wrong-none-of-one = 唯一的点分类正确
wrong-none = 全部 { $n } 个点分类正确
wrong-some = { $n } 个点中有 { $wrong } 个{ $place }
wrong-place-side = 位于错误的一侧
wrong-place-region = 位于其他类别的区域内
